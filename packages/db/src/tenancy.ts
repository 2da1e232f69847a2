/**
 * Tenancy in the type (issue 28): a repository method over a user-owned table takes the owner as an `OwnerId`, a
 * string no caller can make from a plain one. It comes from where ownership is established:
 * - an authenticated request: the session the api authenticates a request by answers its user as an `OwnerId`
 *   (`SessionsRepository` → `AuthenticatedUser.id`);
 * - a row of an owned table: its `userId` is the owner of what hangs off it (a payment → its user's subscription, a
 *   bot → its trades in the engine);
 * - an admin acting on a user it loaded: `adminActingOn`, named so that a review sees it (and only admin code may
 *   call it: `tenancy.spec.ts`);
 * - a user who just proved who they are without a session yet (the password or the 2FA challenge at sign-in,
 *   registration, a reset or email-change token, a signed unsubscribe link): `provenOwner`, callable only where
 *   that proof is checked (`tenancy.spec.ts`, PROOF_CALLERS);
 * - the system acting for a user a job or a message names (the engine's executor and live checklist, the
 *   notification dispatcher, the seed): `systemActingFor`, callable only from the files `tenancy.spec.ts` lists.
 * A query without its owner does not compile; `OwnedRepository` (below) is the type-level lint that a repository
 * over a user table takes the owner in every method but the admin/system ones it lists.
 */
declare const ownerBrand: unique symbol;
export type OwnerId = string & { readonly [ownerBrand]: 'OwnerId' };

/** Inside packages/db only (not exported from the package): a user id read from a row is that row's owner. */
export const ownerOfRow = (userId: string): OwnerId => userId as OwnerId;

/** An admin acting on a user by id (grants, the user detail page): only api/src/modules/admin may call it. */
export const adminActingOn = (userId: string): OwnerId => userId as OwnerId;

/**
 * The system acting for the user a queued job, an engine message or the seed names (no request, no session): only
 * the files listed in `tenancy.spec.ts` (SYSTEM_CALLERS) may call it.
 */
export const systemActingFor = (userId: string): OwnerId => userId as OwnerId;

/** A user proven by a credential checked right there (see above): only the files in PROOF_CALLERS may call it. */
export const provenOwner = (userId: string): OwnerId => userId as OwnerId;

/** A parameter that names the owner: the id itself, or a record carrying it (`{ userId: OwnerId }`). */
type Owns<P> = P extends OwnerId ? true : P extends { userId: OwnerId } ? true : false;
type TakesOwner<F> = F extends (...args: infer A) => unknown
  ? true extends Owns<A[number]>
    ? true
    : false
  : true;

/**
 * The methods of repository R that do not take their owner, minus the `Exempt` ones (admin reads and system steps by
 * a row's own id, each listed where the repository is checked). `never` when the repository is tenant-safe.
 */
export type MethodsWithoutOwner<R, Exempt extends keyof R = never> = {
  [K in Exclude<keyof R, Exempt>]: TakesOwner<R[K]> extends true ? never : K;
}[Exclude<keyof R, Exempt>];
