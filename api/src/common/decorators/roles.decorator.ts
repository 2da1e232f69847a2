import { SetMetadata } from '@nestjs/common';
import type { Role } from '@arbitra/contracts';

export const ROLES = 'arbitra:roles';

/** Restricts an endpoint (or a controller) to the given roles; checked by RolesGuard after the session. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);
