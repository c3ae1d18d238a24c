import { MyRequestsSection } from '../../features/project-requests/my-requests';
import { ProfilePage } from '../../features/profile/profile-page';

/** /my-profile: the profile, with every request the user sent. */
export function ProfilePageWithRequests() {
  return (
    <ProfilePage>
      <MyRequestsSection />
    </ProfilePage>
  );
}
