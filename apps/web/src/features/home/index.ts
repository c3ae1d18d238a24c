// Public entry of the home feature.
export { HomePage } from './home-page';
