import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { seo } from "../../lib/seo.ts";
import { siteDetailsFrom } from "../../lib/site-details.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { CompanyDetails, LegalDocument, LegalName, MailLink, type LegalSection } from "../../components/marketing/legal-document.tsx";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Terms of Service",
    description: `The terms that govern your use of the ${siteConfig.productName} website and platform, provided by ${siteDetailsFrom(args.matches).legalName}.`,
  });

const { productName } = siteConfig;

/** The topics of docs/product.md §2 (Legal pages), in its order. */
const sections: LegalSection[] = [
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <>
        <p>
          You must be at least 16 years old, or the age of digital consent in your country if that is higher, to use {productName}.
          By using the services you confirm that you meet this requirement.
        </p>
        <p>
          If you use {productName} on behalf of an organization, you confirm that you have authority to accept these terms for it,
          and “you” includes that organization.
        </p>
      </>
    ),
  },
  {
    id: "use-of-the-services",
    title: "Use of the services",
    body: (
      <>
        <p>
          We grant you a non-exclusive, non-transferable right to use {productName} during your subscription, in line with these
          terms and any order you place with us. You are responsible for keeping your login details secure and for all activity
          under your account. Tell us straight away at <MailLink box="supportEmail" /> if you
          suspect unauthorized access.
        </p>
        <p>You agree not to:</p>
        <ul>
          <li>use the services in breach of any law or regulation, or to infringe anyone's rights;</li>
          <li>upload content you do not have the right to use, or content that is unlawful, harmful or malicious;</li>
          <li>attempt to gain unauthorized access to the services, other accounts or our systems;</li>
          <li>interfere with or disrupt the services, including by overloading them or introducing malware;</li>
          <li>copy, modify, reverse engineer or resell the services, except where the law expressly allows it.</li>
        </ul>
      </>
    ),
  },
  {
    id: "data-ownership",
    title: "Data ownership",
    body: (
      <>
        <p>
          You own the data you upload, connect or create in {productName} (“your data”). You give us permission to host, copy,
          process and display your data only as needed to provide and support the services for you.
        </p>
        <p>
          We own {productName}, including its software, design, documentation and trademarks. We may use anonymized, aggregated
          information about how the services are used, which does not identify you or your data subjects, to operate and improve
          them. If you send us feedback, we may use it without obligation to you.
        </p>
        <p>
          You can export your data at any time while your account is active, using the export features of the platform.
        </p>
      </>
    ),
  },
  {
    id: "data-protection",
    title: "Data protection and the GDPR",
    body: (
      <>
        <p>
          Both you and we will comply with the UK GDPR, the Data Protection Act 2018 and, where it applies, the EU GDPR.
        </p>
        <p>
          Where we process personal data contained in your data, you are the controller and we act as your processor. We process
          it only on your documented instructions and under our data processing agreement, which forms part of these terms and is
          available on request. You are responsible for having a lawful basis for the personal data you upload or connect.
        </p>
        <p>
          Where we decide how and why personal data is used, for example for account administration or demo requests, we are the
          controller, and our <Link to="/privacy">Privacy Policy</Link> explains how we handle it.
        </p>
      </>
    ),
  },
  {
    id: "subscriptions",
    title: "Subscriptions, free and paid plans",
    body: (
      <>
        <p>
          {productName} is offered on free and paid plans. The features, limits and fees of each plan are those described to you
          when you sign up or set out in your order.
        </p>
        <ul>
          <li>
            <strong>Free plans</strong> require no payment card. We may change or withdraw the features of a free plan with
            reasonable notice.
          </li>
          <li>
            <strong>Paid plans</strong> are billed in advance for the subscription period in your order. Fees are exclusive of
            VAT and other applicable taxes and are non-refundable except where these terms or the law say otherwise.
          </li>
          <li>
            Paid subscriptions renew automatically for the same period unless either party gives notice before the renewal date.
            We will give you at least 30 days' notice of any change to the fees, which will apply from your next renewal.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <>
        <p>
          You may stop using the services and close your account at any time. Paid subscriptions end at the close of the current
          subscription period unless your order says otherwise.
        </p>
        <p>
          We may suspend or end your access if you materially breach these terms and, where the breach can be fixed, do not fix
          it within 14 days of our notice, or immediately where needed to protect the services, other customers or the law.
        </p>
        <p>
          When your account ends, you have 30 days to export your data. After that we will delete it from our systems, except
          where we must keep it by law. Sections that by their nature should survive termination, including data ownership,
          liability and governing law, continue to apply.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          Nothing in these terms limits or excludes liability for death or personal injury caused by negligence, for fraud or
          fraudulent misrepresentation, or for any other liability that cannot be limited or excluded by law.
        </p>
        <p>Subject to that:</p>
        <ul>
          <li>
            neither party is liable for any loss of profits, revenue, business, goodwill or anticipated savings, or for any
            indirect or consequential loss;
          </li>
          <li>
            each party's total liability arising out of or in connection with these terms in any 12-month period is limited to
            the fees paid or payable by you for the services in that period;
          </li>
          <li>
            free plans are provided “as is”, and to the extent the law allows, we give no warranty that they will be
            uninterrupted or error-free.
          </li>
        </ul>
        <p>
          {productName} supports your decisions but does not make them for you. Insights, forecasts and recommendations depend on
          the data provided, and you remain responsible for the decisions you take.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms and any dispute or claim arising out of or in connection with them, including non-contractual disputes or
        claims, are governed by the laws of the State of Delaware, United States of America, without regard to its
        conflict-of-laws rules. The state and federal courts located in Delaware have exclusive jurisdiction. If you use the
        services as a consumer, this does not deprive you of the protection of the mandatory laws of the country where you live.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <>
        <p>Questions about these terms? Contact us:</p>
        <CompanyDetails />
      </>
    ),
  },
];

export default function Terms() {
  return (
    <LegalDocument
      lastUpdated={{ iso: "2026-11-21", label: "November 21, 2026" }}
      title="Terms of Service"
      intro={
        <>
          <p>
            These terms govern your use of the {productName} website and platform provided by <LegalName /> (“{productName}”,
            “we”, “us”). By creating an account, placing an order or using the services, you agree to them. If you do not agree,
            please do not use the services.
          </p>
          <p>
            We may update these terms from time to time. The date at the top shows when they last changed; where a change is
            significant, we will tell you at least 30 days before it takes effect.
          </p>
        </>
      }
      sections={sections}
    />
  );
}
