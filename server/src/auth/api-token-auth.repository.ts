/** SQL of the /api/v1 door: a token by its prefix, and the one statement that counts a call. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface TokenForAuth {
  id: string;
  companyId: string;
  alias: string;
  secretHash: string;
  validUntil: string | null;
  monthlyLimit: number | null;
  planLimit: number | null;
  layerIds: string[] | null;
  revoked: boolean;
  /** The company was deleted: its tokens stop with it. */
  companyGone: boolean;
}

export interface CountedCall {
  /** The month's count after this call, or null when the limit was already reached (not counted). */
  count: number | null;
  /** The usage notice (80, 100) this call crossed and that no call sent before, else 0. */
  notice: number;
}

export function createApiTokenAuthRepository(db: Db) {
  return {
    async findByPrefix(prefix: string): Promise<TokenForAuth | undefined> {
      const [row] = rowsOf<TokenForAuth>(
        await db.execute(sql`
          select t.id::text as "id", t.company_id::text as "companyId", t.alias, t.secret_hash as "secretHash",
            t.valid_until::text as "validUntil", t.monthly_limit as "monthlyLimit",
            bp.monthly_api_calls as "planLimit", t.layer_ids::text[] as "layerIds",
            (t.revoked_at is not null) as "revoked", (c.deleted_at is not null) as "companyGone"
          from api_tokens t join companies c on c.id = t.company_id
          left join billing_plans bp on bp.id = c.billing_plan_id
          where t.prefix = ${prefix}`),
      );
      return row;
    },

    /**
     * Counts one call of the token in its month, atomically and only while under `limit`: the
     * month's row is incremented with a conditional upsert (concurrent calls queue on its row lock,
     * so the count is exact and never passes the limit), the day/endpoint row with it, and the
     * last-used hour when it changed — one statement, one round trip.
     */
    async count(input: {
      tokenId: string;
      month: string;
      day: string;
      hour: Date;
      endpoint: string;
      limit: number;
      notices: readonly number[];
    }): Promise<CountedCall> {
      const { tokenId, month, day, hour, endpoint, limit } = input;
      const result = await db.execute(sql`
        with m as (
          insert into api_token_months as m (token_id, month, count) values (${tokenId}, ${month}::date, 1)
          on conflict (token_id, month) do update set count = m.count + 1 where m.count < ${limit}
          returning m.count
        ), d as (
          insert into api_token_usage as u (token_id, day, endpoint, count)
          select ${tokenId}, ${day}::date, ${endpoint}, 1 from m
          on conflict (token_id, day, endpoint) do update set count = u.count + 1
        ), used as (
          update api_tokens set last_used_at = ${hour.toISOString()}::timestamptz
          where id = ${tokenId} and exists (select 1 from m)
            and (last_used_at is null or last_used_at < ${hour.toISOString()}::timestamptz)
        )
        select (select count from m) as count`);
      const [row] = rowsOf<{ count: number | null }>(result);
      const count = row?.count === null || row?.count === undefined ? null : Number(row.count);
      // the count moves by one and is exact, so exactly one call reaches each share of the limit
      const level = (n: number) =>
        [...input.notices].reverse().find((share) => n * 100 >= share * limit) ?? 0;
      return { count, notice: count !== null && level(count) > level(count - 1) ? level(count) : 0 };
    },

    /**
     * Adds calls already answered (the tally's batch, far from the limit): the month's count, the
     * day/endpoint rows and the last-used hour in one statement; returns the month's new count.
     */
    async addCalls(input: {
      tokenId: string;
      month: string;
      hour: Date;
      parts: Array<{ day: string; endpoint: string; n: number }>;
    }): Promise<number> {
      const { tokenId, month, hour, parts } = input;
      const total = parts.reduce((sum, p) => sum + p.n, 0);
      const result = await db.execute(sql`
        with m as (
          insert into api_token_months as m (token_id, month, count) values (${tokenId}, ${month}::date, ${total})
          on conflict (token_id, month) do update set count = m.count + excluded.count
          returning m.count
        ), d as (
          insert into api_token_usage as u (token_id, day, endpoint, count)
          select ${tokenId}, p.day, p.endpoint, p.n
          from unnest(${sql.param(parts.map((p) => p.day))}::date[], ${sql.param(parts.map((p) => p.endpoint))}::text[],
            ${sql.param(parts.map((p) => p.n))}::int[]) as p(day, endpoint, n)
          on conflict (token_id, day, endpoint) do update set count = u.count + excluded.count
        ), used as (
          update api_tokens set last_used_at = ${hour.toISOString()}::timestamptz
          where id = ${tokenId} and (last_used_at is null or last_used_at < ${hour.toISOString()}::timestamptz)
        )
        select count from m`);
      return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
    },
  };
}
export type ApiTokenAuthRepository = ReturnType<typeof createApiTokenAuthRepository>;
