import { z } from 'zod';
import type { Role } from '../domain/user.js';
import type { SubscriptionStatus } from '../domain/subscription.js';
import type { PlanId } from '../domain/plans.js';
import { MESSAGES } from '../messages/index.js';

/** GET /api/admin/users?search=&role=&page=&pageSize= */
export const adminUsersQuerySchema = z.strictObject({
  search: z.string().trim().max(120).optional(),
  role: z.enum(['admin', 'user']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** GET /api/admin/audit?userId=&action=&page=&pageSize= */
export const adminAuditQuerySchema = z.strictObject({
  userId: z.uuid(MESSAGES.admin.userNotFound).optional(),
  action: z.string().trim().max(48).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;

/** PATCH /api/admin/users/:id: change the role and/or disable the account. */
export const adminUpdateUserRequestSchema = z
  .strictObject({
    role: z.enum(['admin', 'user']).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((d) => d.role !== undefined || d.disabled !== undefined, {
    message: MESSAGES.common.invalidRequest,
  });
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
