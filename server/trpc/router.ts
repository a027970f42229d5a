import { applicationsRouter } from "../applications/router.ts";
import { attendanceRouter } from "../attendance/router.ts";
import { blocksRouter } from "../blocks/router.ts";
import { certificatesRouter } from "../certificates/router.ts";
import { chatRouter, chatsRouter } from "../chat/router.ts";
import { currencyRouter } from "../currency/router.ts";
import { decisionsRouter } from "../decisions/router.ts";
import { disputesRouter } from "../disputes/router.ts";
import { healthRouter } from "../health/router.ts";
import { jobsRouter } from "../jobs/router.ts";
import { moderationRouter } from "../moderation/router.ts";
import { ledgerCorrectionsRouter } from "../money/corrections/router.ts";
import { holdsRouter } from "../money/holds/router.ts";
import { payoutsRouter } from "../money/payouts/router.ts";
import { reconciliationRouter } from "../money/reconciliation/router.ts";
import { statementsRouter } from "../money/statements/router.ts";
import { notificationsRouter } from "../notifications/router.ts";
import { operatorsRouter } from "../operators/router.ts";
import { peopleRouter } from "../people/router.ts";
import { placesRouter } from "../places/router.ts";
import { privacyRouter } from "../privacy/router.ts";
import { profilesRouter } from "../profiles/router.ts";
import { workHistoryRouter } from "../profiles/work-history-router.ts";
import { pushRouter } from "../push/router.ts";
import { ratingsRouter } from "../ratings/router.ts";
import { rehiringRouter } from "../rehiring/router.ts";
import { reliabilityRouter } from "../reliability/router.ts";
import { reportsRouter } from "../reports/router.ts";
import { savedSearchesRouter } from "../saved-searches/router.ts";
import { timesheetsRouter } from "../timesheets/router.ts";
import { translateRouter } from "../translate/router.ts";
import { router } from "./init.ts";

export const appRouter = router({
  profiles: profilesRouter,
  certificates: certificatesRouter,
  privacy: privacyRouter,
  jobs: jobsRouter,
  places: placesRouter,
  currency: currencyRouter,
  people: peopleRouter,
  applications: applicationsRouter,
  ratings: ratingsRouter,
  workHistory: workHistoryRouter,
  translate: translateRouter,
  chat: chatRouter,
  chats: chatsRouter,
  push: pushRouter,
  notifications: notificationsRouter,
  savedSearches: savedSearchesRouter,
  attendance: attendanceRouter,
  timesheets: timesheetsRouter,
  reliability: reliabilityRouter,
  rehiring: rehiringRouter,
  operators: operatorsRouter,
  blocks: blocksRouter,
  reports: reportsRouter,
  health: healthRouter,
  decisions: decisionsRouter,
  moderation: moderationRouter,
  disputes: disputesRouter,
  statements: statementsRouter,
  ledgerCorrections: ledgerCorrectionsRouter,
  payouts: payoutsRouter,
  reconciliation: reconciliationRouter,
  holds: holdsRouter,
});

export type AppRouter = typeof appRouter;
