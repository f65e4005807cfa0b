ALTER TABLE "internship_attachment" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "internship_attachment_sha256_idx" ON "internship_attachment" USING btree ("sha256");