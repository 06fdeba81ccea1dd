import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { configProblems, runConfig } from '../helpers/config.js';
import { SAMPLE_SITE } from '../helpers/paths.js';



describe('loadConfig', () => {
  it('serves stdio on the bundled sample site by default', () => {
    const config = runConfig([]);
    expect(config.command).toBe('stdio');
    expect(config.contentDir).toBe(SAMPLE_SITE);
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, logLevel: 'info', allowedHosts: [], allowedOrigins: [] });
  });

  it('selects the HTTP server with the serve command', () => {
    expect(runConfig(['serve']).command).toBe('serve');
  });

  it('reads every option from its environment variable', () => {
    const config = runConfig(['serve'], {
      CONTENT_DIR: '/srv/site',
      PUBLIC_BASE_URL: 'https://agents.example.com/',
      HOST: '0.0.0.0',
      PORT: '8080',
      DATA_DIR: '/var/lib/scm',
      LOG_LEVEL: 'debug',
      ALLOWED_HOSTS: 'agents.example.com, internal:8080',
      ALLOWED_ORIGINS: 'https://app.example.com',
    });
    expect(config).toMatchObject({
      contentDir: '/srv/site',
      publicBaseUrl: 'https://agents.example.com',
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/lib/scm',
      logLevel: 'debug',
      allowedHosts: ['agents.example.com', 'internal:8080'],
      allowedOrigins: ['https://app.example.com'],
    });
  });

  it('lets a flag win over its environment variable', () => {
    expect(runConfig(['--port', '4000'], { PORT: '5000' }).port).toBe(4000);
  });

  it('treats an empty environment variable as unset', () => {
    expect(runConfig([], { PORT: '' }).port).toBe(3000);
  });

  it('resolves directories against the working directory', () => {
    expect(runConfig(['--content-dir', 'site']).contentDir).toBe(path.resolve('site'));
  });

  it('keeps state in a per-user temporary folder when no data directory is given, never in the home directory', () => {
    const config = runConfig([], { HOME: homedir(), XDG_STATE_HOME: path.join(homedir(), '.local', 'state') });
    expect(path.dirname(config.dataDir)).toBe(tmpdir());
    expect(path.basename(config.dataDir)).toMatch(/^site-content-mcp-/);
    expect(config.dataDirIsTemporary).toBe(true);
  });

  it('uses the data directory given', () => {
    const config = runConfig(['--data-dir', '/srv/site-content-mcp']);
    expect(config).toMatchObject({ dataDir: '/srv/site-content-mcp' });
    expect(config.dataDirIsTemporary).toBeUndefined();
  });

  it('refuses a port that is not a whole number in range, naming the flag and the variable', () => {
    for (const value of ['abc', '-1', '70000', '1.5', '0x10']) {
      const [problem] = configProblems([], { PORT: value });
      expect(problem).toContain('PORT (--port) must be a whole number from 0 to 65535');
    }
  });

  it('refuses a public base URL with a path, naming the flag', () => {
    const [problem] = configProblems(['--public-base-url', 'https://example.com/agents']);
    expect(problem).toMatch(/^--public-base-url .*must be an http or https origin/);
  });

  it('refuses an unknown log level and lists the allowed ones', () => {
    expect(configProblems([], { LOG_LEVEL: 'loud' })[0]).toContain('must be one of fatal, error, warn, info, debug, trace, silent');
  });

  it('refuses an allowed origin that is not an origin', () => {
    expect(configProblems([], { ALLOWED_ORIGINS: 'app.example.com' })[0]).toContain('ALLOWED_ORIGINS');
  });

  it('reports every wrong option at once', () => {
    expect(configProblems([], { PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });

  it('refuses an unknown command', () => {
    expect(configProblems(['start'])[0]).toContain('unknown command "start"');
  });

  it('answers --help and --version without validating anything else', () => {
    expect(loadConfig(['--help'], { PORT: 'x' })).toEqual({ kind: 'help' });
    expect(loadConfig(['-v'], {})).toEqual({ kind: 'version' });
  });

  it('returns a frozen config', () => {
    expect(Object.isFrozen(runConfig([]))).toBe(true);
  });
});

describe('the Content-Signal option', () => {
  it('defaults to allowing training, search and AI input (as Cloudflare Markdown for Agents does)', () => {
    expect(runConfig([]).contentSignal).toBe('ai-train=yes, search=yes, ai-input=yes');
  });

  it('takes the site owner\'s choice and normalizes its spelling', () => {
    expect(runConfig(['--content-signal', 'AI-Train=No,search=yes , ai-input=YES']).contentSignal).toBe('ai-train=no, search=yes, ai-input=yes');
    expect(runConfig([], { CONTENT_SIGNAL: 'search=yes' }).contentSignal).toBe('search=yes');
  });

  it('sends none when set to off', () => {
    expect(runConfig([], { CONTENT_SIGNAL: 'off' }).contentSignal).toBeUndefined();
  });

  it.each(['ai-train', 'ai-train=maybe', 'train=no', 'search=yes, search=no', 'search=yes,,ai-input=no'])('refuses %j, naming the option and the rule', (value) => {
    const [problem] = configProblems(['--content-signal', value]);
    expect(problem).toContain('--content-signal must be "off" or comma-separated KEY=yes|no pairs');
  });
});

describe('an unknown flag', () => {
  it('is refused with the closest option suggested', () => {
    expect(configProblems(['serve', '--prot', '3000'])).toEqual(['unknown option --prot: did you mean --port? Run with --help to see the options.']);
    expect(configProblems(['--contentdir=site'])).toEqual(['unknown option --contentdir: did you mean --content-dir? Run with --help to see the options.']);
  });

  it('suggests nothing when no option is close', () => {
    expect(configProblems(['--frobnicate'])).toEqual(['unknown option --frobnicate. Run with --help to see the options.']);
  });

  it('names a flag once, and a variable with its flag', () => {
    expect(configProblems(['--port', 'x'])[0]).toBe('--port must be a whole number from 0 to 65535; got "x"');
    expect(configProblems([], { PORT: 'x' })[0]).toBe('PORT (--port) must be a whole number from 0 to 65535; got "x"');
  });

  it('reads the import deadline as a duration, 0 for none, and leaves the default to the command', () => {
    expect(runConfig(['serve', '--import-deadline', '20m']).importDeadline).toBe(20 * 60_000);
    expect(runConfig(['serve'], { IMPORT_DEADLINE: '0' }).importDeadline).toBe(0);
    expect(runConfig(['serve']).importDeadline).toBeUndefined();
    expect(configProblems(['--import-deadline', '5s'])[0]).toBe('--import-deadline must be at least 10s, or 0 for no limit; got "5s"');
  });
});
