-- The outbox no longer holds tokens (docs/decisions/0013-mail-links-and-tokens.md). Messages written before
-- kept a reset or unsubscribe token in their bodies when they were not sent: blank them, and cancel the ones
-- not sent (a new reset can be asked for; the newsletter's next mail brings a new unsubscribe link).
UPDATE `email_outbox`
SET `text_body` = '[removed: this message held a link token]',
    `html_body` = NULL,
    `status` = CASE WHEN `status` = 'sent' THEN 'sent' ELSE 'cancelled' END
WHERE `kind` IN ('password-reset', 'newsletter-welcome') AND `text_body` NOT LIKE '%{{token}}%';
