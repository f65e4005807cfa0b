CREATE INDEX "basic_class_list_order_idx" ON "basic_class" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "basic_student_list_order_idx" ON "basic_student" USING btree ("student_no","id");--> statement-breakpoint
CREATE INDEX "basic_teacher_list_order_idx" ON "basic_teacher" USING btree ("work_no","id");