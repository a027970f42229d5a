import { ERR, type ErrorKey } from "../domain/errors.ts";

/** HTTP statuses a refusal may be answered with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 502 | 503 | 504;

/** How people are told of a refusal: the HTTP status, and the message key of the text they read. */
export type Answer = { readonly status: RefusalStatus; readonly key: ErrorKey };

/**
 * Every reason the server refuses for, and how each is answered: one table for the tRPC procedures
 * (server/trpc/answer.ts) and the upload routes (server/uploads/upload-guard.ts) alike. "Not yours" is
 * answered exactly like "not found" unless docs/product.md, Permissions names an Access Denied text.
 */
export const ANSWERS = {
  // Who is calling (server/session/person.ts).
  signed_out: { status: 401, key: ERR.unauthorized },
  // Where the request comes from and how it is sent (server/http/origin-guard.ts).
  foreign_origin: { status: 403, key: ERR.foreignOrigin },
  // Limits (domain/limits.ts): what one person may take of what everyone shares.
  messages_too_fast: { status: 429, key: ERR.chatTooFast },
  contacts_too_many: { status: 429, key: ERR.contactsTooMany },
  jobs_too_many: { status: 429, key: ERR.jobsTooMany },
  live_feeds_too_many: { status: 429, key: ERR.liveFeedsTooMany },
  chat_images_pending: { status: 429, key: ERR.chatImagesPending },
  chat_storage_full: { status: 413, key: ERR.chatStorageFull },
  // The file store failed an upload (down, stalled past its timeout): try again (docs/decisions/060).
  files_unavailable: { status: 503, key: ERR.filesUnavailable },
  not_json: { status: 415, key: ERR.notJson },
  // Bodies too deep or too large for any parser (server/http/body-limits.ts, docs/decisions/057).
  body_too_deep: { status: 400, key: ERR.badRequest },
  body_too_large: { status: 413, key: ERR.requestTooLarge },
  no_profile: { status: 403, key: ERR.profileRequired },
  onboarding_incomplete: { status: 403, key: ERR.onboardingRequired },
  // What reaches other people from an unconfirmed address (docs/decisions/017).
  email_unverified: { status: 403, key: ERR.emailUnverified },
  // better-auth's per-client limits (server/auth-route.ts).
  too_many_requests: { status: 429, key: ERR.tooManyRequests },
  not_found: { status: 404, key: ERR.notFound },
  // Jobs.
  job_not_found: { status: 404, key: ERR.jobNotFound },
  job_edit_not_found: { status: 404, key: ERR.jobEditNotFound },
  status_change_refused: { status: 409, key: ERR.jobStatusChangeRefused },
  // Completing is allowed from the start date on, in the job's time zone (domain/jobs.ts canCompleteJob).
  complete_before_start: { status: 409, key: ERR.jobCompleteBeforeStart },
  // A completed or cancelled job is final: no more edits.
  job_finished: { status: 409, key: ERR.jobNotEditable },
  workers_below_accepted: { status: 409, key: ERR.jobWorkersBelowAccepted },
  start_date_past: { status: 400, key: ERR.jobStartDatePast },
  // A job with hired workers: no day brought forward to less than a day ahead (docs/decisions/056).
  schedule_change_too_soon: { status: 409, key: ERR.scheduleChangeTooSoon },
  // How a job is paid (docs/decisions/078): through Daywork for employers' accounts; settled once someone is hired.
  pay_mode_employers_only: { status: 403, key: ERR.payModeEmployersOnly },
  pay_mode_locked: { status: 409, key: ERR.payModeLocked },
  // A job paid through Daywork starts once its hired workers' pay is held (docs/decisions/079).
  pay_not_secured: { status: 409, key: ERR.payNotSecured },
  pay_hold_not_needed: { status: 409, key: ERR.payHoldNotNeeded },
  pay_not_secured_worker: { status: 409, key: ERR.payNotSecuredWorker },
  // A city id the gazetteer does not hold (a form or a search sent by hand).
  city_unknown: { status: 400, key: ERR.jobCityUnknown },
  // Applications and hiring.
  own_job_apply: { status: 403, key: ERR.cannotApplyOwnJob },
  workers_only: { status: 403, key: ERR.applyWorkersOnly },
  job_not_open: { status: 409, key: ERR.jobNotOpen },
  // Its last day is over in its own time zone (docs/decisions/048): no applications, invitations or hires by invitation.
  job_ended: { status: 409, key: ERR.jobEnded },
  already_applied: { status: 409, key: ERR.alreadyApplied },
  not_owner: { status: 403, key: ERR.applicationsAccessDenied },
  not_pending: { status: 409, key: ERR.applicationNotPending },
  // Not rejected any more, or rejected longer ago than REJECTION_UNDO_SECONDS (domain/applications.ts).
  undo_expired: { status: 409, key: ERR.rejectionUndoExpired },
  positions_filled: { status: 409, key: ERR.positionsFilled },
  job_not_hiring: { status: 409, key: ERR.jobNotHiring },
  // Withdrawal and per-day applications (docs/decisions/035): the days asked for must be days of the
  // job, and some of them only where its owner allows it; a worker withdraws only their own application.
  days_not_allowed: { status: 400, key: ERR.applicationDaysNotAllowed },
  days_not_of_job: { status: 400, key: ERR.applicationDaysNotOfJob },
  no_application: { status: 404, key: ERR.noApplication },
  withdraw_job_finished: { status: 409, key: ERR.withdrawJobFinished },
  not_hired_for_day: { status: 409, key: ERR.notHiredForDay },
  // Shift attendance (docs/product.md, Shift operations). Anyone but a hired worker of the job, and any
  // unknown job, hears the same Access Denied from the worker's check-in and check-out.
  attendance_denied: { status: 403, key: ERR.attendanceDenied },
  attendance_code_wrong: { status: 400, key: ERR.attendanceCodeWrong },
  attendance_code_attempts: { status: 429, key: ERR.attendanceCodeAttempts },
  no_shift_today: { status: 409, key: ERR.noShiftToday },
  already_checked_in: { status: 409, key: ERR.alreadyCheckedIn },
  check_out_first: { status: 409, key: ERR.checkOutFirst },
  not_checked_in: { status: 409, key: ERR.notCheckedIn },
  check_out_too_late: { status: 409, key: ERR.checkOutTooLate },
  shift_job_closed: { status: 409, key: ERR.shiftJobClosed },
  shift_day_invalid: { status: 400, key: ERR.shiftDayInvalid },
  attendance_times_invalid: { status: 400, key: ERR.attendanceTimesInvalid },
  // A no-show only after the shift's start and its grace, never over the worker's check-in (decision 056).
  absent_too_early: { status: 409, key: ERR.absentTooEarly },
  absent_checked_in: { status: 409, key: ERR.absentCheckedIn },
  // Timesheets: "not yours" (another worker's, another owner's) is "not found".
  timesheet_not_found: { status: 404, key: ERR.timesheetNotFound },
  timesheet_state: { status: 409, key: ERR.timesheetState },
  timesheet_deadline_passed: { status: 409, key: ERR.timesheetDeadlinePassed },
  timesheet_reason_required: { status: 400, key: ERR.timesheetReasonRequired },
  // Days paid directly (server/money/direct-pay.ts): a job paid through Daywork is paid by us.
  direct_pay_through_daywork: { status: 409, key: ERR.directPayThroughDaywork },
  direct_pay_no_amount: { status: 409, key: ERR.directPayNoAmount },
  direct_pay_not_marked: { status: 409, key: ERR.directPayNotMarked },
  // Payouts to workers (server/money/payouts/, docs/decisions/081).
  payout_no_provider: { status: 409, key: ERR.payoutNoProvider },
  payout_method_missing: { status: 409, key: ERR.payoutMethodMissing },
  payout_method_not_ready: { status: 409, key: ERR.payoutMethodNotReady },
  payout_method_in_use: { status: 409, key: ERR.payoutMethodInUse },
  payout_methods_too_many: { status: 409, key: ERR.payoutMethodsTooMany },
  payout_bank_unknown: { status: 400, key: ERR.payoutBankUnknown },
  payout_tax_status_required: { status: 409, key: ERR.payoutTaxStatusRequired },
  payout_below_minimum: { status: 409, key: ERR.payoutBelowMinimum },
  payout_provider_unavailable: { status: 503, key: ERR.payoutProviderUnavailable },
  tax_status_unavailable: { status: 503, key: ERR.taxStatusUnavailable },
  tax_status_refused: { status: 400, key: ERR.taxStatusRefused },
  // Reviews.
  rating_self: { status: 400, key: ERR.ratingSelf },
  job_not_completed: { status: 409, key: ERR.ratingJobNotCompleted },
  already_rated: { status: 409, key: ERR.alreadyRated },
  // Chat: outsiders hear the same Access Denied whether or not the conversation exists.
  not_participant: { status: 403, key: ERR.chatAccessDenied },
  group_not_started: { status: 404, key: ERR.chatGroupNotStarted },
  own_job_contact: { status: 403, key: ERR.contactOwnJob },
  image_invalid: { status: 400, key: ERR.chatImageInvalid },
  // The same idempotency key with another message (docs/decisions/059): never stored twice, nor replaced.
  message_key_reused: { status: 409, key: ERR.chatMessageKeyReused },
  no_image: { status: 404, key: ERR.chatImageUrlFailed },
  chat_image_missing: { status: 400, key: ERR.chatImageMissing },
  chat_image_too_large: { status: 413, key: ERR.chatImageTooLarge },
  chat_image_type: { status: 415, key: ERR.chatImageType },
  chat_image_unreadable: { status: 400, key: ERR.chatImageUploadFailed },
  // Profiles and certificates.
  not_worker: { status: 403, key: ERR.interestsWorkersOnly },
  interest_limit: { status: 400, key: ERR.interestLimit },
  certificate_missing: { status: 400, key: ERR.certificateMissing },
  certificate_not_pdf: { status: 400, key: ERR.certificatePdfOnly },
  certificate_too_large: { status: 413, key: ERR.certificateTooLarge },
  certificate_invalid_type: { status: 400, key: ERR.certificateInvalidType },
  certificate_limit: { status: 400, key: ERR.certificateLimit },
  // Rehiring (docs/decisions/036). An invitation that is not the caller's reads like a missing one.
  favourite_not_worker: { status: 400, key: ERR.favouriteNotWorker },
  favourite_limit: { status: 400, key: ERR.favouriteLimit },
  follow_not_employer: { status: 400, key: ERR.followNotEmployer },
  follow_limit: { status: 400, key: ERR.followLimit },
  invite_not_worker: { status: 400, key: ERR.inviteNotWorker },
  invitation_limit: { status: 429, key: ERR.invitationLimit },
  invitation_not_found: { status: 404, key: ERR.invitationNotFound },
  invitation_not_pending: { status: 409, key: ERR.invitationNotPending },
  invitation_declined_before: { status: 409, key: ERR.invitationDeclinedBefore },
  already_hired: { status: 409, key: ERR.alreadyHired },
  post_again_not_found: { status: 404, key: ERR.postAgainNotFound },
  // Blocks (docs/decisions/068): never "blocked". A message says only that it cannot be sent; an
  // application reads exactly like a job that stopped taking them; an invitation or a hire like a person
  // who is not available for it.
  cannot_message: { status: 403, key: ERR.cannotMessage },
  apply_unavailable: { status: 409, key: ERR.jobNotOpen },
  person_unavailable: { status: 409, key: ERR.personUnavailable },
  block_limit: { status: 400, key: ERR.blockLimit },
  // Reports (docs/decisions/070). An item the caller cannot see reads like a missing one.
  report_own_item: { status: 400, key: ERR.reportOwnItem },
  reports_too_many: { status: 429, key: ERR.reportsTooMany },
  // Saved searches (docs/decisions/023).
  saved_search_limit: { status: 400, key: ERR.savedSearchLimit },
  saved_search_empty: { status: 400, key: ERR.savedSearchEmpty },
  // Push: only at the push services browsers use (server/push/push-services.ts, docs/decisions/057).
  push_service_unknown: { status: 400, key: ERR.pushServiceUnknown },
  // Machine translation.
  translation_unavailable: { status: 412, key: ERR.translateUnavailable },
  translation_timeout: { status: 504, key: ERR.translateFailed },
  translation_failed: { status: 502, key: ERR.translateFailed },
  // A create's idempotency key sent again with other input (docs/decisions/063): never answered nor stored twice.
  request_key_reused: { status: 409, key: ERR.requestKeyReused },
  // An upload's Idempotency-Key header that is not a key's shape (domain/idempotency.ts).
  idempotency_key_invalid: { status: 400, key: ERR.badRequest },
  // The database did not answer in time or refused the connection: try again (docs/decisions/062).
  service_unavailable: { status: 503, key: ERR.serviceUnavailable },
  // The operator console (docs/decisions/071).
  operators_only: { status: 403, key: ERR.operatorsOnly },
  admins_only: { status: 403, key: ERR.adminsOnly },
  operator_no_account: { status: 404, key: ERR.operatorNoAccount },
  operator_last_admin: { status: 409, key: ERR.operatorLastAdmin },
  operator_self: { status: 403, key: ERR.operatorSelf },
  operator_protected: { status: 403, key: ERR.operatorProtected },
  // An operator's restriction or ban in force (docs/decisions/073).
  account_restricted: { status: 403, key: ERR.accountRestricted },
  // Decisions and appeals (docs/decisions/074).
  moderation_nothing_to_decide: { status: 409, key: ERR.moderationNothingToDecide },
  moderation_action_unfit: { status: 400, key: ERR.moderationActionInvalid },
  appeal_closed: { status: 409, key: ERR.appealClosed },
  appeal_taken: { status: 409, key: ERR.appealTaken },
  appeal_own_decision: { status: 403, key: ERR.appealOwnDecision },
  dispute_too_early: { status: 409, key: ERR.disputeTooEarly },
  // Operators' ledger corrections (docs/decisions/080): told, never a 500 nor a half-written posting.
  correction_amount_invalid: { status: 400, key: ERR.correctionAmountInvalid },
  correction_party_missing: { status: 400, key: ERR.correctionPartyMissing },
  correction_party_kind: { status: 400, key: ERR.correctionPartyKind },
  correction_unbalanced: { status: 400, key: ERR.correctionUnbalanced },
  correction_currency: { status: 400, key: ERR.correctionCurrency },
  correction_already_reversed: { status: 409, key: ERR.correctionAlreadyReversed },
} as const satisfies Record<string, Answer>;

/** A reason the server refuses for. */
export type Reason = keyof typeof ANSWERS;
