import { TOPICS } from "~/domain/chat/answers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/help";
import { Link } from "react-router";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "VinylBot help",
    description: "Answers to the questions we hear most: delivery, returns, pre-orders, grading, formats and record care.",
  });

/** VinylBot's topics as a page: where the chat button leads without JavaScript (spec §9's answers, word for word). */
export default function Help() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 lg:px-8 lg:py-10">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">VinylBot help</h1>
      <p className="mt-2 text-stone-600">
        Answers to the questions we hear most. With JavaScript on, the chat button asks VinylBot, who also knows what is in stock.
      </p>
      <dl className="mt-6 space-y-5">
        {TOPICS.filter((t) => t.kind === "topic").map((t) => (
          <div key={t.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
            <dt className="font-semibold">{t.question}</dt>
            <dd className="mt-1 text-stone-700">
              {t.answer}
              {t.link && (
                <>
                  {" "}
                  <Link to={t.link.href} className="font-medium text-needle-dark underline">
                    {t.link.label}
                  </Link>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
