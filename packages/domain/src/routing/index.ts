export * from './configurator-routes';
