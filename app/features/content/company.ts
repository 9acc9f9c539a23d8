/** Contact details quoted by the content pages, in one place. */
export const COMPANY = {
  legalName: "Nightcap Delivery, Inc.",
  supportEmail: "help@nightcap.example",
  privacyEmail: "privacy@nightcap.example",
  partnersEmail: "partners@nightcap.example",
  businessEmail: "business@nightcap.example",
  careersEmail: "jobs@nightcap.example",
  pressEmail: "press@nightcap.example",
  mailingAddress: "Nightcap Delivery, Inc., 401 N Wells St, Suite 300, Chicago, IL 60654",
  supportHours: "every day from 10 am to 2 am local time",
} as const;
