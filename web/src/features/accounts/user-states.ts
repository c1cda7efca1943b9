import type { UserState } from '@aforo/contracts/users';

/** The catalogue key of a state: "Change Password" → changePassword. */
export function userStateKey(state: UserState): string {
  return (
    state.charAt(0).toLowerCase() + state.slice(1).replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase())
  );
}
