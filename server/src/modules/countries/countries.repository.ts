/** SQL for countries (global reference data: no company scope). */
import { asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { CountryInput, CountryListQuery } from '@aforo/contracts/countries';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { companies, countries } from '../../db/schema';
import { paged } from '../../db/paging';

export type CountryRow = typeof countries.$inferSelect & { companies: number };

const orderColumns = { name: countries.name, code: countries.code, created_at: countries.createdAt } as const;

export function createCountriesRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const companiesCount = sql<number>`(select count(*)::int from "companies" c where c."country_id" = "countries"."id" and c."deleted_at" is null)`;
  const columns = {
    id: countries.id,
    name: countries.name,
    code: countries.code,
    createdAt: countries.createdAt,
    updatedAt: countries.updatedAt,
    companies: companiesCount,
  };

  return {
    async list(query: CountryListQuery): Promise<{ rows: CountryRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = term
        ? or(containsText(countries.name, term), containsText(countries.code, term))
        : undefined;
      const column = orderColumns[query.order];
      const base = db
        .select(columns)
        .from(countries)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(countries.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(countries).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<CountryRow | undefined> {
      const [row] = await db.select(columns).from(countries).where(eq(countries.id, id));
      return row;
    },

    /** The country already using this name (case-insensitive) or code, other than `exceptId`. */
    async findClash(input: CountryInput, exceptId?: string): Promise<{ name: boolean; code: boolean }> {
      const rows = await db
        .select({ id: countries.id, name: countries.name, code: countries.code })
        .from(countries)
        .where(or(sql`lower(${countries.name}) = lower(${input.name})`, eq(countries.code, input.code)));
      const others = rows.filter((r) => r.id !== exceptId);
      return {
        name: others.some((r) => r.name.toLowerCase() === input.name.toLowerCase()),
        code: others.some((r) => r.code === input.code),
      };
    },

    async insert(input: CountryInput): Promise<string> {
      const [row] = await db.insert(countries).values(input).returning({ id: countries.id });
      return row!.id;
    },

    async update(id: string, input: CountryInput): Promise<void> {
      await db
        .update(countries)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(countries.id, id));
    },

    /** Whether any company, deleted ones included, refers to the country (a restore needs it back). */
    async isUsed(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.countryId, id))
        .limit(1);
      return rows.length > 0;
    },

    async remove(id: string): Promise<void> {
      await db.delete(countries).where(eq(countries.id, id));
    },
  };
}
export type CountriesRepository = ReturnType<typeof createCountriesRepository>;
