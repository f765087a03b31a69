#!/usr/bin/env python3
"""Capacity at internet scale (the model is spinnerd_tools.capacity; see its text):

    deploy/capacity.py [--binary PATH] [--replicas 3,5,10,20,30,50,75,100] [--write deploy/CAPACITY.md]
    deploy/capacity.py --check
"""
import sys

from spinnerd_tools.capacity import main

if __name__ == "__main__":
    sys.exit(main())
