// Loaded into the server by `test/bench/heavyRequests.ts` (`node --import ./test/bench/loopDelay.mjs`):
// the server's own measure of how long its event loop was held (issue #24: "no request may hold the
// event loop for more than about 100 ms"). On SIGUSR2 it prints the longest delay since the last
// SIGUSR2 and starts again; the bench reads the line from the server's stderr.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('SIGUSR2', () => {
  process.stderr.write(
    `loop-delay max=${(histogram.max / 1e6).toFixed(1)} p99=${(histogram.percentile(99) / 1e6).toFixed(1)}\n`,
  );
  histogram.reset();
});
