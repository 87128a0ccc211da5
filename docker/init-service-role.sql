-- Login role for the services. Its privileges come from membership in engram_service,
-- which `engram migrate` creates and grants (ADR-0004).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_service') THEN
    CREATE ROLE engram_service NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_app') THEN
    CREATE ROLE engram_app LOGIN PASSWORD 'engram_app' IN ROLE engram_service;
  END IF;
END $$;
