import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const careers: ContentPage = {
  title: "Careers at Nightcap",
  description: "Join the team building on-demand delivery for local liquor stores. Open roles in engineering, operations, compliance and support.",
  lead: "We are a small team with a big job: getting the right bottle to the right door in 30 minutes, responsibly.",
  blocks: [
    { h2: "How we work" },
    {
      ul: [
        "Small teams that own a problem from start to finish.",
        "Hybrid: offices in Chicago and New York, remote across US time zones.",
        "Compliance is everyone's job. Alcohol law differs in every state, and we take it seriously.",
      ],
    },
    { h2: "Benefits" },
    {
      ul: [
        "Medical, dental and vision cover from day one, with 90% of premiums paid for you.",
        "401(k) with a 4% match.",
        "16 weeks of paid parental leave.",
        "A home-office budget and a yearly learning budget.",
      ],
    },
    {
      p: `Apply for any open role on [our application page](/apply). Questions? Email ${COMPANY.careersEmail}.`,
    },
    {
      p: "Nightcap is an equal opportunity employer. We welcome applicants of every background and do not discriminate on the basis of race, colour, religion, sex, sexual orientation, gender identity, national origin, age, disability or veteran status.",
    },
  ],
};
