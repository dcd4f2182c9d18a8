-- Row-level security as the second lock on tenant data (custom migration: drizzle-kit does not
-- generate it). Every table of this schema with an enterprise_id column gets RLS enabled and one
-- policy: a row is visible and writable only when its enterprise_id is the tenant the gateway set
-- for the connection (set_config('app.tenant', …)); with no tenant set nothing is visible. Tables
-- whose enterprise_id may be null (global enum options, codes sent before a company is chosen) also
-- show their global rows. The policies bind the application role xuetang_app, which the gateway
-- takes (SET ROLE) for signed-in calls; the owner that runs migrations and seeds is not bound by
-- them (RLS is enabled, not forced), so start-up, the demo seed, background jobs and the lookups
-- made before a tenant is known keep working. Which company owns a domain stays readable by all
-- (domain_lookup). A database role that may not create roles keeps the
-- policies but no application role: the gateway then notices and relies on its data-access layer.
DO $$
DECLARE
  target record;
  schema_name text := current_schema();
  tenant_expr text := 'enterprise_id = nullif(current_setting(''app.tenant'', true), '''')::uuid';
BEGIN
  BEGIN
    CREATE ROLE xuetang_app NOLOGIN;
  EXCEPTION
    WHEN duplicate_object OR unique_violation THEN NULL;
    WHEN insufficient_privilege THEN RAISE NOTICE 'xuetang_app not created: % lacks CREATEROLE', current_user;
  END;

  FOR target IN
    SELECT c.table_name, c.is_nullable = 'YES' AS nullable
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = schema_name AND c.column_name = 'enterprise_id' AND t.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', target.table_name);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (%s) WITH CHECK (%s)',
      target.table_name,
      CASE WHEN target.nullable THEN 'enterprise_id IS NULL OR ' || tenant_expr ELSE tenant_expr END,
      tenant_expr
    );
  END LOOP;

  -- Which company owns a host is public (the host itself says it): readable under every tenant,
  -- so that a call finds its tenant without leaving the lock; changing it stays locked.
  CREATE POLICY domain_lookup ON enterprise_domains FOR SELECT USING (true);

  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'xuetang_app') THEN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO xuetang_app', schema_name);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO xuetang_app', schema_name);
    EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO xuetang_app', schema_name);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO xuetang_app', schema_name);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO xuetang_app', schema_name);
    BEGIN
      -- A non-superuser owner must be a member to SET ROLE; several schemas migrating at once may race here.
      EXECUTE format('GRANT xuetang_app TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN NULL;
    END;
  END IF;
END $$;
