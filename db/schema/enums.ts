import { pgEnum } from "drizzle-orm/pg-core";

import { CATEGORIES } from "../../domain/categories.ts";
import { JOB_CURRENCIES } from "../../domain/currencies.ts";
import { HOLD_DECISIONS, JOB_MODERATION_STATES } from "../../domain/moderation/hold-rules.ts";
import { PAY_MODES } from "../../domain/pay-mode.ts";
import { APPLICATION_STATUSES, JOB_STATUSES } from "../../domain/statuses.ts";
import { USER_TYPES } from "../../domain/user-types.ts";

export const userTypeEnum = pgEnum("user_type", USER_TYPES);
export const jobStatusEnum = pgEnum("job_status", JOB_STATUSES);
export const applicationStatusEnum = pgEnum("application_status", APPLICATION_STATUSES);
export const jobCategoryEnum = pgEnum("job_category", CATEGORIES);
export const jobCurrencyEnum = pgEnum("job_currency", JOB_CURRENCIES);
export const consentTypeEnum = pgEnum("consent_type", ["data_processing", "terms"]);
export const processingActionEnum = pgEnum("processing_action", ["export", "delete"]);
export const conversationKindEnum = pgEnum("conversation_kind", ["group", "direct"]);
export const jobModerationEnum = pgEnum("job_moderation", JOB_MODERATION_STATES);
export const holdDecisionEnum = pgEnum("hold_decision", HOLD_DECISIONS);
export const payModeEnum = pgEnum("pay_mode", PAY_MODES);
