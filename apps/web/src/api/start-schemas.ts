// The schemas a start checks its first answers with (the runtime configuration, the flags, the error
// body): a step of the start (main.tsx) evaluates them in a task of their own, and the client takes
// them from here (contract-schemas.ts), so that both are one module and one file.
export * from '@lumen/contracts/start';
