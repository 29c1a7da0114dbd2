/**
 * The record page's forms: what each asks for and which service does it. The page's action picks one by its intent;
 * every one comes back to the record's page with a toast.
 */
import type { Actor } from "~/domain/admin/audit";
import { addPhotosSchema, removePhotoSchema } from "~/domain/catalogue/copy-photo-schema";
import { newRecordFormSchema, publishRecordSchema, recordFieldsSchema } from "~/domain/catalogue/record-fields";
import { recordCustomsSchema } from "~/domain/international/delivery-settings-schema";
import { usedCopySchema } from "~/domain/catalogue/used-copy-schema";
import { limitedSaleSchema } from "~/domain/limited/limited-sale-schema";
import { copyPurchasePriceSchema } from "~/domain/vat/stock-purchase-schema";
import { askToConfirm, isConfirmed, type ConfirmAsk } from "~/lib/forms/confirm-step";
import { intent } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Services } from "../../../../server/services";

const pageOf = (id: number) => `/admin/catalog-update/${id}`;

/** Every file chosen in a file input (browsers send an empty, nameless part when none was). */
function filesOf(form: FormData, name: string): File[] {
  return form.getAll(name).filter((v): v is File => v instanceof File && v.size > 0);
}

/** A new cover or audio preview, if one was chosen; the service checks each. */
const uploadsOf = (form: FormData) => ({ cover: filesOf(form, "cover")[0] ?? null, audio: filesOf(form, "audio")[0] ?? null });

/** The question before a record is taken off the shop; the confirm panel posts "unpublish" again, confirmed. */
function askToUnpublish(record: { id: number; title: string; artist: string }): ConfirmAsk {
  return askToConfirm("unpublish", {
    title: `Unpublish ${record.artist} – ${record.title}?`,
    body: "It disappears from every shop page, search and list at once, and stays hidden until it is published again.",
    confirmLabel: "Yes, unpublish it",
    keepLabel: "Keep it on the shop",
    keepTo: pageOf(record.id),
    fields: {},
  });
}

/** "Add a record". */
export function newRecordIntents(services: Services, actor: Actor) {
  return {
    // One render of the form adds one record (and its opening stock), however often it is sent.
    save: submitOnce(services, actor).asyncIntent(newRecordFormSchema, "new record", async (record, form) => {
      const { id } = await services.adminCatalogue.create(actor, record, uploadsOf(form));
      const description = `${record.fields.title} by ${record.fields.artist} is in the catalogue.`;
      return { to: pageOf(id), toast: { type: "success", title: "Record added", description } };
    }),
  };
}

/** A record's page: its fields, whether it shows, and, for a pressing, its used copies (for a copy, its photos). */
export function recordIntents(services: Services, actor: Actor, id: number) {
  const done = (title: string, description?: string) => redirectWithToast(pageOf(id), { type: "success", title, description });
  const publish = (published: boolean) =>
    intent(publishRecordSchema, async (_none, form): Promise<ConfirmAsk | Response> => {
      // Taking a record off the shop asks first; publishing it again does not.
      if (!published && !isConfirmed(form)) return askToUnpublish(services.adminCatalogue.get(id));
      services.adminCatalogue.setPublished(actor, id, published);
      return published
        ? done("Record published", "It shows in the shop again.")
        : done("Record unpublished", "It is hidden from every shop page.");
    });
  return {
    save: intent(recordFieldsSchema, async (fields, form) => {
      await services.adminCatalogue.update(actor, id, fields, uploadsOf(form));
      return done("Record saved");
    }),
    // Its shipping weight, tariff code and origin for declarations abroad (blank: the defaults apply).
    customs: intent(recordCustomsSchema, (facts) => {
      services.deliveryAdmin.setRecordCustoms(actor, id, facts);
      return done("Shipping and customs saved");
    }),
    // Its per-customer limit, on-sale time, Record Store Day and drop flags, and when a pre-order is charged.
    "limited-sale": intent(limitedSaleSchema, (sale) => {
      services.adminCatalogue.setLimitedSale(actor, id, sale);
      return done("Limited sale saved");
    }),
    publish: publish(true),
    unpublish: publish(false),
    // One render of the form lists one copy, however often it is sent.
    "add-used-copy": submitOnce(services, actor).asyncIntent(usedCopySchema, `used copy of #${id}`, async (copy, form) => {
      const made = await services.usedCopies.addWithPhotos(actor, id, copy, filesOf(form, "photos"));
      const n = made.photos.length;
      const photos = n === 0 ? "" : n === 1 ? " with 1 photo" : ` with ${n} photos`;
      const description = `#${made.id}, ${made.mediaGrade}/${made.sleeveGrade}, is on sale${photos}.`;
      return { to: pageOf(id), toast: { type: "success", title: "Used copy added", description } };
    }),
    // What the shop paid for one of this pressing's copies, set or corrected (audited).
    "set-purchase-price": intent(copyPurchasePriceSchema, async ({ copyId, purchasePrice }) => {
      services.stockPurchases.setPurchasePrice(actor, copyId, purchasePrice, id);
      return done("Price paid saved", `Copy #${copyId}.`);
    }),
    // One choice of files is added once, however often the form is sent.
    "add-photos": submitOnce(services, actor).asyncIntent(addPhotosSchema, `photos of #${id}`, async (_none, form) => {
      const before = services.copyPhotos.of(id).length;
      const added = (await services.copyPhotos.add(actor, id, filesOf(form, "photos"))).length - before;
      return { to: pageOf(id), toast: { type: "success", title: added === 1 ? "Photo added" : `${added} photos added` } };
    }),
    "remove-photo": intent(removePhotoSchema, async ({ photoId }) => {
      await services.copyPhotos.remove(actor, id, photoId);
      return done("Photo removed");
    }),
  };
}
