/**
 * PHP for the tests that run PHP clients (issue #19): whether PHP 8 with curl and mbstring is here
 * (`.ci/php.sh` installs Debian's php-cli, php-curl and php-mbstring in CI), and how to run a script
 * with every diagnostic shown.
 *
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';

/** Why PHP cannot run here, or null when PHP 8 with curl and mbstring is installed. */
export function phpUnavailable(): string | null {
  const probe = spawnSync(
    'php',
    [
      '-r',
      'exit(PHP_MAJOR_VERSION >= 8 && extension_loaded("curl") && extension_loaded("mbstring") ? 0 : 3);',
    ],
    { stdio: 'ignore', timeout: 30_000 },
  );
  if (probe.error !== undefined) return 'php is not installed';
  if (probe.status !== 0) return 'php is not PHP 8 with the curl and mbstring extensions';
  return null;
}

/** What a PHP script did. */
export interface PhpRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The flags of every run: all diagnostics (`E_ALL`), shown on stderr, each once (not logged as well),
 * including those PHP meets while starting (a missing extension).
 */
export const PHP_FLAGS = [
  '-d',
  'error_reporting=E_ALL',
  '-d',
  'display_errors=stderr',
  '-d',
  'display_startup_errors=1',
  '-d',
  'log_errors=0',
] as const;

/** Options of {@link runPhp}. */
export interface PhpOptions {
  /** The whole environment of the script, besides PATH: nothing else of the caller's leaks in. */
  env: Record<string, string>;
  /** The working directory; default the caller's. */
  cwd?: string;
  /** A run that takes longer is killed; default 90 s. */
  timeout_ms?: number;
}

/**
 * Runs `php <flags> script ...args` and answers its exit status and output.
 *
 * @example
 * ```ts
 * const run = await runPhp('examples/list_invoices.php', [], { env: { B2B_API_KEY: key } });
 * run.status; // 0
 * ```
 */
export async function runPhp(script: string, args: readonly string[], options: PhpOptions): Promise<PhpRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('php', [...PHP_FLAGS, script, ...args], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeout_ms ?? 90_000,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * The lines of a run that report a problem: PHP's diagnostics (Warning, Notice, Deprecated, Fatal
 * error, uncaught exceptions) and the clients' own error reports (`✗ Error: …`, `Error: …`), which
 * several examples print before exiting 0. An empty list of errors or warnings printed as JSON
 * (`"errors": []`, `"warnings": []`: the answer of GET /invoices/{id}/validate that `invoice_workflow`
 * prints) is no problem.
 *
 * @example
 * ```ts
 * problems({ status: 0, stdout: 'Error: country is required\n', stderr: '' }); // ['Error: country is required']
 * ```
 */
export function problems(run: PhpRun): string[] {
  return `${run.stdout}\n${run.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /warning|notice|deprecated|error|exception|✗/i.test(line))
    .filter((line) => !/^"(?:errors|warnings)": \[\],?$/.test(line));
}
