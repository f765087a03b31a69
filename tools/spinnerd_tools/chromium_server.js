// The shared Chromium of browser jobs: Playwright's own browser server (launchServer), so
// that each job that connects sees only the contexts it made and its pages keep their own
// emulation (a job connected over raw CDP re-initialises every page it finds). Started by
// chromium_host.py: node chromium_server.js PLAYWRIGHT_PACKAGE LAUNCH_OPTIONS_JSON; prints
// the server's ws:// address on a line of its own, and closes the browser and exits when
// its standard input closes (its host is done, or died) or the browser exits.
const { chromium } = require(process.argv[2]);

(async () => {
  const server = await chromium.launchServer({ ...JSON.parse(process.argv[3]), host: "127.0.0.1", port: 0 });
  server.on("close", () => process.exit(0));
  process.stdin.on("end", () => server.close().then(() => process.exit(0)));
  process.stdin.resume();
  process.stdout.write(server.wsEndpoint() + "\n");
})().catch((error) => {
  process.stderr.write(String(error && error.stack || error) + "\n");
  process.exit(1);
});
