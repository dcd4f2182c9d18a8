/** Shapes of the back office's audit log and "my uploads" (`auditPage`, `myUploadPage`). */

/** One changed field of an audited object. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A record of the audit log: who changed what, when, and how. */
export interface AuditRecord {
  id: string;
  actorId: string | null;
  actorName: string;
  /** `create`, `update`, `delete`, `move`, `disable`, `enable`, `reset-password`, `import`, `publish`, … */
  action: string;
  /** `department`, `post`, `member`, `site`, `nav`, `banner`, `zone`, `enum`, `announcement`, `message`, … */
  objectType: string;
  objectId: string;
  objectLabel: string;
  changes: AuditChange[];
  /** ISO 8601. */
  createdAt: string;
}

/** Filters of the audit page (each optional); `from`/`to` are `YYYY-MM-DD` in the company's time zone. */
export interface AuditFilters {
  objectType?: string;
  action?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

/** One of the caller's uploaded files. */
export interface MyUpload {
  id: string;
  name: string;
  url: string;
  contentType: string;
  size: number;
  /** ISO 8601. */
  createdAt: string;
  /** Whether a saved object names the file (else it is removed a day after upload). */
  used: boolean;
}
