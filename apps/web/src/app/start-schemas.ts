// A step of the start (main.tsx): zod and the schemas the start checks its first answers with
// (the runtime configuration, the flags, the error body), built in a task of their own.
export { RuntimeConfig } from '@lumen/contracts/start';
