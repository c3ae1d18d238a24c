// Public entry of the profile feature.
export { ProfilePage } from './profile-page';
