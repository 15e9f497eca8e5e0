import base from "./playwright.config";

// Measurements in a real browser, run by hand and never by `make test` (their figures go in
// docs/BENCHMARKS.md): the same servers as the tests, one worker, so that nothing else shares
// the CPU. `npx playwright test -c e2e/measure.config.ts --project sqlite`
export default { ...base, testDir: "./measure", workers: 1 };
