// The bundle's stand-in for `@modelcontextprotocol/server/_shims` (see bundle-options.mjs). The
// SDK's Node shim exports `process` and, as `DefaultJsonSchemaValidator`, its Ajv validator, which
// puts Ajv (~270 KB to compile) in every start although the SDK uses that validator for two things
// only: checking the answer to an elicitation request (we never send one, and pass our own validator
// to every Server anyway) and `fromJsonSchema` without a validator (we never call it). The SDK's own
// edge-runtime shims use its small @cfworker/json-schema validator in the same place; so do we.
import process from 'node:process';

export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
export { process };
