import type { Profile } from "../../db/schema/index.ts";

/** /settings/privacy's data-rights block and toggles, from the caller's profile row. */
export function privacyStatus(profile: Profile) {
  return {
    consentDataProcessing: profile.consentDataProcessing,
    consentDate: profile.consentDate,
    termsAccepted: profile.termsAccepted,
    termsAcceptedDate: profile.termsAcceptedDate,
    profileVisible: profile.privacyProfileVisible,
    showEmail: profile.privacyShowEmail,
    notificationEmail: profile.notificationEmail,
    notificationPush: profile.notificationPush,
  };
}
