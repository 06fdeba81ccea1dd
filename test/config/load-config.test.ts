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

  it('defaults the data directory to the XDG state directory', () => {
    expect(runConfig([], { XDG_STATE_HOME: '/state' }).dataDir).toBe('/state/site-content-mcp');
  });

  it('refuses a port that is not a whole number in range, naming the flag and the variable', () => {
    for (const value of ['abc', '-1', '70000', '1.5', '0x10']) {
      const [problem] = configProblems([], { PORT: value });
      expect(problem).toContain('PORT (--port / PORT) must be a whole number from 0 to 65535');
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

  it('refuses an unknown flag', () => {
    expect(configProblems(['--prot', '1'])[0]).toContain("Unknown option '--prot'");
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
    expect(problem).toContain('--content-signal (--content-signal / CONTENT_SIGNAL) must be "off" or comma-separated KEY=yes|no pairs');
  });
});
