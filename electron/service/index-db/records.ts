import type { EmploymentType, JobStatus, Seniority, WorkMode } from '#shared/rules/vocabulary';

// What the writers take: one shape for the generator and for sync. Times are epoch ms.

export interface CompanyRecord {
  /** Canonical company id. */
  id: string;
  slug: string;
  name: string;
  website: string;
  domain?: string;
  logoUrl: string;
  industry: string;
  employeeCountRange: string;
  foundedYear?: number;
  createdAt: number;
  updatedAt: number;
}

export interface LocationRecord {
  city?: string;
  region?: string;
  country?: string;
  text?: string;
  remote: boolean;
}

export interface SalaryRecord {
  min: number;
  max: number;
  currency: string;
  period: string;
}

export interface JobRecord {
  id: string;
  slug: string;
  title: string;
  /** Canonical id of a company already written. */
  companyId: string;
  locations: LocationRecord[];
  // Undefined is "the source did not say" (a crawled posting): stored as unknown, never guessed.
  remote?: boolean | undefined;
  workMode?: WorkMode | undefined;
  employmentType?: EmploymentType | undefined;
  seniority?: Seniority | undefined;
  occupation?: string;
  salary?: SalaryRecord;
  descriptionHtml: string;
  sourceType: string;
  sourcePlatform: string;
  applyUrl?: string;
  /** The posting's page on its board, and the board's own times (epoch ms), where it gives them. */
  postingUrl?: string;
  postedAt?: number;
  sourceUpdatedAt?: number;
  status: JobStatus;
  discoveredAt: number;
  lastSeenAt: number;
  lastScrapedAt: number;
  lastVerifiedAt: number;
  expiredAt?: number;
}
