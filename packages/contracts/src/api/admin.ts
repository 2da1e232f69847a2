import { z } from 'zod';
import type { Role } from '../domain/user.js';
import type { SubscriptionStatus } from '../domain/subscription.js';
import type { PlanId } from '../domain/plans.js';
import { MESSAGES } from '../messages/index.js';
import { emailField, nameField, queryInt } from './validation.js';
import type { BotMode, BotStatus, BotStrategy } from '../domain/bots.js';
import type { BillingCycle } from '../domain/subscription.js';
import type { EngineHeartbeat } from '../domain/health.js';
import type { FeedState } from '../domain/market.js';
import type { LivePoint } from '../domain/live-metrics.js';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/admin/users?search=&role=&plan=&status=&disabled=&sort=&dir=&page=&pageSize= */
export const adminUsersQuerySchema = z.strictObject({
  search: z.string().trim().max(120).optional(),
  role: z.enum(['admin', 'user']).optional(),
  plan: z.enum(['basic', 'professional', 'enterprise', 'none']).optional(),
  status: z.enum(['trialing', 'active', 'past_due', 'canceled']).optional(),
  disabled: flag.optional(),
  sort: z.enum(['createdAt', 'name', 'email', 'lastLoginAt']).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: queryInt().pipe(z.number().int().min(1).max(100_000)).default(1),
  pageSize: queryInt().pipe(z.number().int().min(1).max(100)).default(20),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** GET /api/admin/audit?userId=&user=&action=&from=&to=&page=&pageSize= (dates YYYY-MM-DD, São Paulo). */
export const adminAuditQuerySchema = z.strictObject({
  userId: z.uuid(MESSAGES.admin.userNotFound).optional(),
  /** Name or email of the user (or the admin who acted). */
  user: z.string().trim().max(120).optional(),
  action: z.string().trim().max(48).optional(),
  from: z.iso.date(MESSAGES.admin.invalidDate).optional(),
  to: z.iso.date(MESSAGES.admin.invalidDate).optional(),
  page: queryInt().pipe(z.number().int().min(1).max(100_000)).default(1),
  pageSize: queryInt().pipe(z.number().int().min(1).max(100)).default(20),
});
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;

const reasonField = z
  .string({ error: MESSAGES.admin.reasonRequired })
  .trim()
  .min(3, MESSAGES.admin.reasonRequired)
  .max(500, MESSAGES.admin.reasonTooLong);

/** PATCH /api/admin/users/:id: change the role and/or disable the account, with the reason (audited). */
export const adminUpdateUserRequestSchema = z
  .strictObject({
    role: z.enum(['admin', 'user']).optional(),
    disabled: z.boolean().optional(),
    reason: reasonField,
  })
  .refine((d) => d.role !== undefined || d.disabled !== undefined, {
    message: MESSAGES.common.invalidRequest,
  });

/** POST /api/admin/users: a new account; the user sets their password from the invitation email. */
export const adminCreateUserRequestSchema = z.strictObject({
  name: nameField(),
  email: emailField(),
  role: z.enum(['admin', 'user'], { error: MESSAGES.admin.invalidRole }).default('user'),
  /** 'trial': the 7-day trial every new account gets; a plan: granted for 30 days (a 'grant' payment). */
  plan: z.enum(['trial', 'basic', 'professional', 'enterprise'], { error: MESSAGES.admin.invalidPlan }).default('trial'),
  reason: reasonField.optional(),
});
export type AdminCreateUserRequest = z.input<typeof adminCreateUserRequestSchema>;

/** POST /api/admin/users/:id/grant: grant or extend a plan (a zero-amount 'grant' payment). */
export const adminGrantPlanRequestSchema = z.strictObject({
  plan: z.enum(['basic', 'professional', 'enterprise'], { error: MESSAGES.admin.invalidPlan }),
  days: z.number({ error: MESSAGES.admin.invalidDays }).int(MESSAGES.admin.invalidDays).min(1, MESSAGES.admin.invalidDays).max(730, MESSAGES.admin.invalidDays),
  reason: reasonField,
});
export type AdminGrantPlanRequest = z.input<typeof adminGrantPlanRequestSchema>;

/** Actions that only need the reason (resend the invitation, revoke a session). */
export const adminReasonRequestSchema = z.strictObject({ reason: reasonField });
export type AdminReasonRequest = z.input<typeof adminReasonRequestSchema>;
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;

export interface AdminUserSummary {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: string;
  lastLoginAt: string | null;
  disabled: boolean;
  twoFactorEnabled: boolean;
  subscription: { planId: PlanId; status: SubscriptionStatus } | null;
}

export interface AdminUserDetail {
  user: AdminUserSummary;
  subscription: {
    planId: PlanId;
    status: SubscriptionStatus;
    billing: BillingCycle;
    currentPeriodStart: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
  } | null;
  payments: {
    id: string;
    createdAt: string;
    planId: PlanId;
    billing: BillingCycle;
    kind: string;
    method: string;
    status: string;
    amountCents: number;
    invoiceNumber: string | null;
  }[];
  bots: {
    id: string;
    name: string;
    strategy: BotStrategy;
    mode: BotMode;
    status: BotStatus;
    active: boolean;
    totalTrades: number;
    /** USDT, decimal string. */
    totalProfit: string;
  }[];
  /** Names and validation only, never a key. */
  exchanges: { id: string; exchange: string; isActive: boolean; validationStatus: string; validationReason: string | null; createdAt: string }[];
  sessions: { id: string; device: string | null; ip: string | null; location: string | null; createdAt: string; lastActiveAt: string }[];
}

/** GET /api/admin/overview: the KPI cards and charts of /admin. */
export interface AdminOverview {
  users: { total: number; newLast30Days: number };
  /** Subscriptions by effective status (paying = active). */
  subscriptions: Record<SubscriptionStatus, number>;
  /** From the payments table: each active subscription's latest approved paid charge, per month. */
  mrrCents: number;
  arrCents: number;
  bots: { paper: number; live: number };
  /** Today in America/Sao_Paulo. Volume = Σ amount × buy price (USDT), in R$ at each trade's own USDT/BRL rate. */
  tradesToday: { count: number; volumeUsdt: string; volumeBrlCents: number | null };
  /** Live opportunities (latest engine figures); null while no engine reported. */
  opportunitiesOpen: number | null;
  /** Last 12 months, oldest first ('YYYY-MM'). */
  userGrowth: { month: string; newUsers: number; totalUsers: number }[];
  revenueByMonth: { month: string; revenueCents: number }[];
  planDistribution: { planId: PlanId; count: number }[];
  recentUsers: AdminUserSummary[];
}

/** GET /api/admin/security/stats?days= : failed logins and rate-limit blocks per day. */
export interface AdminSecurityStats {
  days: { day: string; failedLogins: number; rateLimited: number }[];
}

/** A running bot as the admin's system page lists it under the engine that owns it (its lease). */
export interface AdminEngineBot {
  id: string;
  name: string;
  userId: string;
  userEmail: string;
  userName: string;
  /** When this engine took the bot's lease (epoch ms). */
  since: number;
}

/**
 * GET /api/admin/system: each live engine (its last heartbeat, without the raw bot list) with its bots, and the
 * feeds; `?include=history` adds the platform's live points of the last 15 minutes, oldest first.
 */
export interface AdminSystemOverview {
  engines: (Omit<EngineHeartbeat, 'bots'> & { lastSeenMsAgo: number; bots: AdminEngineBot[] })[];
  feeds: FeedState[];
  history?: LivePoint[];
}

/** GET /api/admin/system/queues: failed jobs per queue. */
export interface AdminFailedJob {
  id: string;
  queue: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  timestamp: number;
  finishedOn: number | null;
}

/** GET /api/admin/revenue?months= */
export interface AdminRevenueReport {
  months: { month: string; revenueCents: number; refundsCents: number; payments: number; refunds: number }[];
  byPlan: { planId: PlanId; revenueCents: number; payments: number }[];
  byMethod: { method: string; revenueCents: number; payments: number }[];
  mrrCents: number;
  arrCents: number;
  /** Paying subscribers at the start of the last 30 days who are no longer paying, over those subscribers (0..1). */
  churn: { rate: number; lost: number; base: number };
  refunds: { count: number; cents: number };
  grants: number;
}
