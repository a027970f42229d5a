import { BriefcaseBusiness, Building2, CalendarDays, HardHat, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { UserType } from "../../../domain/user-types";
import { m } from "../../paraglide/messages.js";
import { Avatar } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { Card, CardContent } from "../ui/card";
import { formatDay } from "../../lib/format";
import { avatarInitials } from "./initials";
import { ProfileRating } from "./profile-rating";

export type ProfileSummary = {
  fullName: string;
  userType: UserType;
  companyName: string | null;
  bio: string | null;
  location: string | null;
  /** Own profile only: never public. */
  phone?: string | null;
  /** Public profile, when the person chose to show it. */
  email?: string | null;
  memberSince?: Date;
};

/** The worker/employer badge. */
export function UserTypeBadge({ userType }: { userType: UserType }) {
  const Icon = userType === "employer" ? BriefcaseBusiness : HardHat;
  return (
    <Badge variant={userType === "employer" ? "blue" : "grey"} data-testid="profile-type" data-type={userType}>
      <Icon aria-hidden />
      {userType === "employer" ? m.profile_type_employer() : m.profile_type_worker()}
    </Badge>
  );
}

function Detail({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex items-start gap-2.5">
      <dt className="mt-0.5 shrink-0 text-muted-foreground">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words" data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Avatar, name, type, rating and the details a profile shows; `children` goes below (notices, links). */
export function ProfileSummaryCard({
  profile,
  rating,
  children,
}: {
  profile: ProfileSummary;
  rating: { average: number | null; count: number } | undefined;
  children?: ReactNode;
}) {
  const iconClass = "size-4";
  return (
    <Card data-testid="profile-summary">
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-4">
          <Avatar initials={avatarInitials(profile.fullName)} size="lg" data-testid="profile-avatar" />
          <div className="grid min-w-0 flex-1 gap-1.5">
            <UserTypeBadge userType={profile.userType} />
            <h2 className="text-xl font-bold break-words" data-testid="profile-name"><bdi>{profile.fullName}</bdi></h2>
            {rating && <ProfileRating average={rating.average} count={rating.count} />}
          </div>
        </div>
        {profile.bio && (
          <section className="grid gap-1">
            <h3 className="text-sm font-medium text-muted-foreground">{m.profile_bio()}</h3>
            <p dir="auto" className="text-sm whitespace-pre-line break-words" data-testid="profile-bio">{profile.bio}</p>
          </section>
        )}
        <dl className="grid gap-2 text-sm">
          {profile.userType === "employer" && profile.companyName && (
            <Detail icon={<Building2 aria-hidden className={iconClass} />} label={m.profile_company()} testId="profile-company">
              <bdi>{profile.companyName}</bdi>
            </Detail>
          )}
          {profile.location && (
            <Detail icon={<MapPin aria-hidden className={iconClass} />} label={m.profile_location()} testId="profile-location">
              <bdi>{profile.location}</bdi>
            </Detail>
          )}
          {profile.phone && (
            <Detail icon={<Phone aria-hidden className={iconClass} />} label={m.profile_phone()} testId="profile-phone">
              <a href={`tel:${profile.phone}`} dir="ltr" className="hover:underline">{profile.phone}</a>
            </Detail>
          )}
          {profile.email && (
            <Detail icon={<Mail aria-hidden className={iconClass} />} label={m.profile_email()} testId="profile-email">
              <a href={`mailto:${profile.email}`} dir="ltr" className="hover:underline">{profile.email}</a>
            </Detail>
          )}
        </dl>
        {profile.memberSince && (
          <p className="flex items-center gap-2.5 text-sm text-muted-foreground" data-testid="profile-member-since">
            <CalendarDays aria-hidden className={iconClass} />
            {m.profile_member_since({ date: formatDay(profile.memberSince, "long") })}
          </p>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
