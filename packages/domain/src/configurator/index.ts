export * from './light-configurator';
