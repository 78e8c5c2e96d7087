-- A user who is deactivated or loses a privilege (staff, superuser) is signed out everywhere, whoever
-- makes the change (PUT /permits-user/{id}, an operator's SQL): the old tokens stop working at once,
-- and do not come back when the account is reactivated or promoted again.
CREATE FUNCTION "end_sessions_of_demoted_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sessions" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_end_sessions_when_demoted" AFTER UPDATE OF "is_active", "is_staff", "is_superuser" ON "users"
  FOR EACH ROW
  WHEN ((OLD."is_active" AND NOT NEW."is_active") OR (OLD."is_staff" AND NOT NEW."is_staff") OR (OLD."is_superuser" AND NOT NEW."is_superuser"))
  EXECUTE FUNCTION "end_sessions_of_demoted_user"();
