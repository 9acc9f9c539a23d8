import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const privacyPolicy: ContentPage = {
  title: "Privacy policy",
  description: "What personal information Nightcap collects, why, who we share it with, and the choices and rights you have.",
  updated: "2026-01-15",
  lead: `This policy explains how ${COMPANY.legalName} ("Nightcap", "we") handles personal information when you use our website and apps.`,
  blocks: [
    { h2: "Information we collect" },
    {
      ul: [
        "Account details: your name, email address, mobile number, date of birth and password.",
        "Delivery details: the addresses you deliver to, delivery notes and gift recipients' names and phone numbers.",
        "Age verification: the result of the ID check at delivery and, if you use in-app scanning, the fields of your ID needed to confirm your age. We do not keep images of your ID.",
        "Orders and payments: what you buy, when and where. Card numbers go directly to our payment processor; we only see the card brand and last four digits.",
        "Device and usage data: your device type, app version, pages viewed and approximate location when you allow it, to show the stores that deliver to you.",
      ],
    },
    { h2: "How we use it" },
    {
      ul: [
        "To take, deliver and support your orders, and to confirm that you are 21 or older as the law requires.",
        "To keep accounts secure and prevent fraud and underage purchases.",
        "To send receipts and order updates, and, if you agree, offers and news you can turn off at any time.",
        "To improve our service, using aggregated and de-identified data where we can.",
      ],
    },
    { h2: "Who we share it with" },
    {
      ul: [
        "The retailer that sells your order and the driver who delivers it: your name, delivery address, phone number and order.",
        "Service providers that work for us, such as payment processing, hosting, customer support and messaging, under contracts that limit their use of your data.",
        "Authorities, when the law requires it, for example to comply with alcohol regulations or a valid legal request.",
      ],
    },
    { p: "We do not sell your personal information, and we do not share it for cross-context behavioural advertising." },
    { h2: "Cookies" },
    {
      p: "We use cookies to keep you signed in, remember your delivery address and cart for up to one year, and protect forms against abuse. We do not use third-party advertising cookies.",
    },
    { h2: "Your choices and rights" },
    {
      p: `Depending on where you live, including California, Colorado, Virginia and other states with privacy laws, you may ask to access, correct, delete or receive a copy of your personal information, and to opt out of targeted advertising. Email ${COMPANY.privacyEmail}; we answer within 45 days and will not treat you differently for asking.`,
    },
    { h2: "How long we keep it" },
    {
      p: "We keep account data while your account is open. Order and age-verification records are kept for the period alcohol and tax laws require, usually up to seven years, then deleted or anonymised.",
    },
    { h2: "Children" },
    { p: "Nightcap is for adults aged 21 and over. We do not knowingly collect information from anyone under 21." },
    { h2: "Changes and contact" },
    {
      p: `We will post any change to this policy here and tell you by email if it is significant. Questions: ${COMPANY.privacyEmail} or ${COMPANY.mailingAddress}.`,
    },
  ],
};
