// Public entry of @lumen/domain: each area re-exports its own index.
export * from './access';
