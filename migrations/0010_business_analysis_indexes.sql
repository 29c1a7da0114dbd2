CREATE INDEX `order_lines_analysis_idx` ON `order_lines` (`order_id`,`record_id`,`quantity`,`refunded_quantity`,`unit_price_pence`);--> statement-breakpoint
CREATE INDEX `order_lines_pre_order_idx` ON `order_lines` (`record_id`,`order_id`,`quantity`,`refunded_quantity`) WHERE "order_lines"."is_pre_order" = 1;--> statement-breakpoint
CREATE INDEX `orders_paid_idx` ON `orders` (`paid_at`,`status`,`total_pence`,`refunded_pence`,`discount_pence`,`discount_code_id`);--> statement-breakpoint
CREATE INDEX `orders_email_paid_idx` ON `orders` (`email`,`paid_at`,`status`);--> statement-breakpoint
CREATE INDEX `stock_movements_reason_created_idx` ON `stock_movements` (`reason`,`created_at`,`record_id`,`change`);