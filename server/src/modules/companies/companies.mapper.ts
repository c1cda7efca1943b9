import type { Company } from '@aforo/contracts/companies';
import type { CompanyRow } from './companies.repository';

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    businessName: row.businessName,
    slug: row.slug,
    isProvider: row.isProvider,
    preferredTimezone: row.preferredTimezone,
    contactName: row.contactName,
    position: row.position,
    email: row.email,
    phone: row.phone,
    country: row.country,
    billingPlan: row.billingPlan,
    users: row.users,
    measureRetentionMonths: row.measureRetentionMonths,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The fields the history of changes records. */
export function companyHistory(row: CompanyRow): Record<string, unknown> {
  return {
    businessName: row.businessName,
    slug: row.slug,
    contactName: row.contactName,
    position: row.position,
    email: row.email,
    phone: row.phone,
    countryId: row.countryId,
    billingPlanId: row.billingPlanId,
    preferredTimezone: row.preferredTimezone,
    measureRetentionMonths: row.measureRetentionMonths,
    deletedAt: row.deletedAt,
  };
}
