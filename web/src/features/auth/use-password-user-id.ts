import { useCurrentUserQuery } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { decodeTokenClaims } from '../../lib/token';

/** Whose password to change: the loaded user, else the token's subject (the user call may answer AU1007). */
export function usePasswordUserId(): string | null {
  const { data: user } = useCurrentUserQuery();
  const token = useSession((s) => s.token);
  if (user) return user.id;
  return token ? (decodeTokenClaims(token)?.sub ?? null) : null;
}
