import { clientAddressKey } from '../src/limits/client-address.js';
import type { Caller } from './tool.js';

/** Who asks for a scan, for the limit on scans running at once: the agent, else the client's address. */
export function requesterKey(caller: Caller): string {
  if (caller.agent !== undefined) return `agent:${caller.agent.sub}`;
  if (caller.transport === 'stdio') return 'stdio';
  return `ip:${clientAddressKey(caller.clientIp)}`;
}
