"""spinnerd's test and measurement tooling, one package: the harness every Python suite
uses (a server on loopback, raw clients, /metrics, the catalog, the pass/fail tally),
the SVG plots, and the capacity model. The suites themselves (Tests/Hostile, Tests/Soak,
Tests/Cluster, Tests/Deploy, scripts/calibrate-render-cost.py, deploy/capacity.py) are
scripts that import it."""
