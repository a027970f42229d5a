import { BriefcaseBusiness, Building2, CalendarDays, EyeOff, HardHat, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import type { UserType } from "../../../domain/user-types.ts";
import { formatDay } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { RatingSummary } from "../reviews/rating.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import { avatarInitials } from "./initials.ts";

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

type DetailProps = { icon: LucideIcon; label: string; value: string | null | undefined; href?: string; testId: string };

/** One line of the details: an icon named for screen readers, then the value (a link for phone and e-mail). */
function Detail({ icon: Icon, label, value, href, testId }: DetailProps) {
  if (!value) return null;
  return (
    <div className="flex items-start gap-2.5">
      <dt className="mt-0.5 shrink-0 text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {href ? (
          <a href={href} dir="ltr" className="hover:underline">
            {value}
          </a>
        ) : (
          <bdi>{value}</bdi>
        )}
      </dd>
    </div>
  );
}

/** "Your profile is hidden…", on the owner's views of a profile others cannot see. */
export function HiddenProfileNotice() {
  return (
    <p
      className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground"
      data-testid="profile-hidden-notice"
    >
      <EyeOff aria-hidden className="size-4 shrink-0" />
      {m.profile_hidden_notice()}
    </p>
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
  return (
    <Card data-testid="profile-summary">
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-4">
          <Avatar initials={avatarInitials(profile.fullName)} size="lg" data-testid="profile-avatar" />
          <div className="grid min-w-0 flex-1 gap-1.5">
            <UserTypeBadge userType={profile.userType} />
            <h2 className="text-xl font-bold break-words" data-testid="profile-name">
              <bdi>{profile.fullName}</bdi>
            </h2>
            {rating && <RatingSummary {...rating} emptyText={m.profile_no_reviews()} testId="profile-rating" />}
          </div>
        </div>
        {profile.bio && (
          <section className="grid gap-1">
            <h3 className="text-sm font-medium text-muted-foreground">{m.profile_bio()}</h3>
            <p dir="auto" className="text-sm whitespace-pre-line break-words" data-testid="profile-bio">
              {profile.bio}
            </p>
          </section>
        )}
        <dl className="grid gap-2 text-sm">
          {profile.userType === "employer" && (
            <Detail icon={Building2} label={m.profile_company()} value={profile.companyName} testId="profile-company" />
          )}
          <Detail icon={MapPin} label={m.profile_location()} value={profile.location} testId="profile-location" />
          <Detail
            icon={Phone}
            label={m.profile_phone()}
            value={profile.phone}
            href={`tel:${profile.phone}`}
            testId="profile-phone"
          />
          <Detail
            icon={Mail}
            label={m.profile_email()}
            value={profile.email}
            href={`mailto:${profile.email}`}
            testId="profile-email"
          />
        </dl>
        {profile.memberSince && (
          <p className="flex items-center gap-2.5 text-sm text-muted-foreground" data-testid="profile-member-since">
            <CalendarDays aria-hidden className="size-4" />
            {m.profile_member_since({ date: formatDay(profile.memberSince, "long") })}
          </p>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
