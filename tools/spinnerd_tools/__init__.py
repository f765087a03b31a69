"""spinnerd's test and measurement tooling, one package:

- harness: what every Python suite uses (a server on loopback, raw clients, /metrics, the
  catalog, the pass/fail tally); catalog: the catalog's lists (kinds, formats, styles) for
  the Makefile and shell scripts;
- the integration tests' drivers of what nobody here wrote, run by the Swift tests as
  `python3 -m spinnerd_tools.NAME`: imagetool (Pillow), browser (Chromium: a dispatcher
  of jobs to a module per check, svg_seek to inline_svg, which share page_state's helpers
  and wcag_contrast's measure, and chromium's browser, which the jobs share through
  chromium_host), lottie (ThorVG, rlottie and lottie-web, with lottie_web);
- svgplot, the SVG plots; capacity and its capacity_* modules, the capacity model.

The suites themselves (Tests/Hostile, Tests/Soak, Tests/Cluster, Tests/Deploy,
scripts/calibrate-render-cost.py, deploy/capacity.py) are scripts that import it."""
