/** One-time links (activation, restore): only the SHA-256 of the token is stored. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userTokens } from '../../db/schema';

export type TokenPurpose = 'activation' | 'restore';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createUserTokensRepository(db: Db) {
  return {
    /** Issues a new link for the user, voiding earlier unused ones of the same purpose. */
    async issue(userId: string, purpose: TokenPurpose, validForMs: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)),
        );
      await db.insert(userTokens).values({
        userId,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + validForMs),
      });
      return token;
    },

    /** The user id of an unused, unexpired token of that purpose. */
    async findValid(
      token: string,
      purpose: TokenPurpose,
    ): Promise<{ id: string; userId: string } | undefined> {
      const [row] = await db
        .select({ id: userTokens.id, userId: userTokens.userId })
        .from(userTokens)
        .where(
          and(
            eq(userTokens.tokenHash, hashToken(token)),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, new Date()),
          ),
        );
      return row;
    },

    /** The user of a token of that purpose, used or expired too (to tell "already active" from a bad link). */
    async ownerOf(token: string, purpose: TokenPurpose): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: userTokens.userId })
        .from(userTokens)
        .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)));
      return row?.userId;
    },

    /** Marks a token used; false when another request used it first (single use under concurrency). */
    async consume(tokenId: string): Promise<boolean> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
        .returning({ id: userTokens.id });
      return rows.length === 1;
    },
  };
}
export type UserTokensRepository = ReturnType<typeof createUserTokensRepository>;
