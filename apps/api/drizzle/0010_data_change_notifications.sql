-- Data change notifications: every process keeps reads of these tables in memory (the projects read
-- cache, src/db/data-changes.ts) and must learn when any process changes them. One notification per
-- table and transaction (PostgreSQL folds equal payloads), sent when the transaction commits.
CREATE OR REPLACE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumen_data_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER project_products_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_products FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER sales_company_assignments_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sales_company_assignments FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
-- Of a user, project reads show the name and e-mail (the owner).
CREATE TRIGGER users_data_change AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, email ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
