/**
 * The campaign sender as the server runs it, in a process of its own that a test can kill mid-send
 * (server/services/campaigns.crash.test.ts). Arguments: database file, SMTP URL, messages a minute. It sends
 * until no campaign is being sent, prints "done" and exits.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { emailCampaigns } from "../../db/schema";
import { startCampaignSender } from "../../server/campaign-sender";
import { createServices } from "../../server/services";

const [file, smtpUrl, perMinute] = process.argv.slice(2);
const db = openDatabase(file!);
const services = createServices(db, { mediaDir: "", smtpUrl: smtpUrl!, publicOrigin: "https://needledrop.test" });
const sender = startCampaignSender(services.campaigns, { perMinute: Number(perMinute) });
process.stdout.write("ready\n");
const sending = () => db.select({ id: emailCampaigns.id }).from(emailCampaigns).where(eq(emailCampaigns.status, "sending")).get();
const timer = setInterval(() => {
  if (sending()) return;
  clearInterval(timer);
  void sender.stop().then(() => {
    process.stdout.write("done\n");
    process.exit(0);
  });
}, 50);
