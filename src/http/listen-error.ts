/**
 * The HTTP server could not take its address: a start-up refusal for a person at a terminal,
 * one line naming the address and the option to change. Never a stack trace.
 */
export class ListenError extends Error {
  override readonly name = 'ListenError';

  constructor(host: string, port: number, cause: NodeJS.ErrnoException) {
    super(`cannot listen on ${displayAddress(host, port)}: ${reason(cause, port)}`, { cause });
  }
}

const HOST_OPTION = 'choose another address with --host / HOST (127.0.0.1 for this machine only, 0.0.0.0 for every interface)';
const PORT_OPTION = 'choose another port with --port / PORT (0 picks a free one)';

function reason(error: NodeJS.ErrnoException, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `the port is already in use; ${PORT_OPTION}`;
    case 'EACCES':
    case 'EPERM':
      return port < 1024 ? `ports below 1024 need administrator rights; ${PORT_OPTION}` : `permission denied; ${PORT_OPTION}`;
    case 'EADDRNOTAVAIL':
      return `this machine has no such address; ${HOST_OPTION}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `the host name does not resolve; ${HOST_OPTION}`;
    default:
      return `${error.code ?? error.message}; check --host / HOST and --port / PORT`;
  }
}

function displayAddress(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
