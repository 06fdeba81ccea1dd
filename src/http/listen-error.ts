import { WordedError } from '../messages/worded-error.js';

/**
 * The HTTP server could not take its address: a start-up refusal for a person at a terminal,
 * one line naming the address and the option to change, in the terminal's language. Never a stack trace.
 */
export class ListenError extends WordedError {
  override readonly name = 'ListenError';

  constructor(host: string, port: number, cause: NodeJS.ErrnoException) {
    super('address_unavailable', { key: 'listen.failed', values: { address: displayAddress(host, port), reason: reason(cause, port), code: cause.code ?? cause.message } }, [], { cause });
  }
}

function reason(error: NodeJS.ErrnoException, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return 'inUse';
    case 'EACCES':
    case 'EPERM':
      return port < 1024 ? 'privileged' : 'denied';
    case 'EADDRNOTAVAIL':
      return 'noAddress';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'noHost';
    default:
      return 'other';
  }
}

/** "127.0.0.1:8080", "[::1]:8080". */
function displayAddress(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
