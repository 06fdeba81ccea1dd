import { ConfigError, loadConfig, type Config } from '../../src/config/load-config.js';

/** The config the CLI would run with for these flags and variables (fails the test otherwise). */
export function runConfig(argv: string[], env: NodeJS.ProcessEnv = {}): Config {
  const request = loadConfig(argv, env);
  if (request.kind !== 'run') throw new Error(`expected run, got ${request.kind}`);
  return request.config;
}

/** The problems a start with these flags and variables is refused for (fails the test if it is not). */
export function configProblems(argv: string[], env: NodeJS.ProcessEnv = {}): readonly string[] {
  try {
    loadConfig(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
