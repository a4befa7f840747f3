import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { seo } from "../../lib/seo.ts";
import { siteDetailsFrom } from "../../lib/site-details.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { CompanyDetails, LegalDocument, LegalName, MailLink, type LegalSection } from "../../components/marketing/legal-document.tsx";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Privacy Policy",
    description: `How ${siteDetailsFrom(args.matches).legalName} collects, uses, shares and protects personal data, and the rights you have under UK and EU data-protection law.`,
  });

const { productName } = siteConfig;

/** The topics of docs/product.md §2 (Legal pages), in its order. */
const sections: LegalSection[] = [
  {
    id: "data-we-collect",
    title: "Data we collect",
    body: (
      <>
        <p>We collect personal data in three ways.</p>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Demo requests and inquiries:</strong> your full name, work email address, phone number (optional),
            organization and any additional information you choose to share with us.
          </li>
          <li>
            <strong>Accounts:</strong> your name, email address, username, password (stored only as a secure hash) and your
            role within your organization.
          </li>
          <li>
            <strong>Correspondence:</strong> the content of emails and support requests you send us.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            <strong>Technical data:</strong> IP address, browser type and version, device type, pages visited and the date and
            time of each request, recorded in our server logs.
          </li>
          <li>
            <strong>Cookies and similar technologies:</strong> as described in the Cookies section below. Analytics and
            marketing cookies are only used if you consent.
          </li>
          <li>
            <strong>Website analytics, only with your consent:</strong> the pages you view on this website, as described under
            Website analytics in the Cookies section below.
          </li>
        </ul>
        <h3>Customer data</h3>
        <p>
          When an organization uses {productName}, it may upload or connect data that contains personal data (for example survey
          responses or transaction records). We process that data only on the organization's instructions, as its processor. The
          organization is the controller of that data and its own privacy notice applies to it.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-data",
    title: "How we use your data",
    body: (
      <>
        <p>We use personal data to:</p>
        <ul>
          <li>respond to your demo request or inquiry and arrange and deliver a personalized demonstration;</li>
          <li>provide, maintain and support the {productName} platform and your account;</li>
          <li>send you service messages, such as security notices and changes to these terms;</li>
          <li>send you news about our products where you have agreed to this, or where the law otherwise allows it;</li>
          <li>keep our website and services secure, including preventing fraud and abuse;</li>
          <li>understand how our website is used and improve it, where you have consented to analytics cookies;</li>
          <li>comply with our legal and regulatory obligations and establish, exercise or defend legal claims.</li>
        </ul>
        <p>We do not sell your personal data, and we do not make decisions about you based solely on automated processing that produce legal or similarly significant effects.</p>
      </>
    ),
  },
  {
    id: "legal-bases",
    title: "Legal bases for processing",
    body: (
      <>
        <p>Under the UK GDPR and, where it applies, the EU GDPR, we rely on the following legal bases:</p>
        <ul>
          <li>
            <strong>Contract:</strong> where processing is necessary to provide the services you or your organization signed up
            for, or to take steps you asked for before entering into a contract, such as a demo.
          </li>
          <li>
            <strong>Legitimate interests:</strong> to run, secure and improve our business and services and to follow up on
            business inquiries, where those interests are not overridden by your rights and interests.
          </li>
          <li>
            <strong>Consent:</strong> for analytics and marketing cookies, our own website analytics and certain marketing
            emails (UK GDPR Article 6(1)(a); for storing or reading anything on your device that is not strictly necessary, the
            Privacy and Electronic Communications Regulations, PECR). You can withdraw consent at any time, without affecting
            processing that took place before.
          </li>
          <li>
            <strong>Legal obligation:</strong> where we must process data to comply with the law, for example tax and
            accounting records.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Sharing your data",
    body: (
      <>
        <p>We share personal data only where necessary, with:</p>
        <ul>
          <li>
            service providers who act on our behalf, such as hosting, email delivery and customer support providers, under
            written contracts that require them to protect your data and use it only on our instructions;
          </li>
          <li>professional advisers, such as lawyers, auditors and insurers, where needed;</li>
          <li>
            law enforcement, regulators, courts or other authorities, where we are legally required to or need to protect our
            rights;
          </li>
          <li>
            a buyer or successor, if we are involved in a merger, acquisition or sale of assets, subject to appropriate
            confidentiality safeguards.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "Data retention",
    body: (
      <>
        <p>We keep personal data only for as long as we need it for the purposes described in this policy:</p>
        <ul>
          <li>demo requests and inquiries: up to 24 months after our last contact with you, unless you become a customer;</li>
          <li>
            account data: for as long as the account is active, then up to six years to meet our legal, tax and accounting
            obligations and to deal with possible claims;
          </li>
          <li>customer data: as set out in the customer's agreement with us, and deleted or returned when that agreement ends;</li>
          <li>server logs: for a limited period needed for security and troubleshooting.</li>
          <li>
            website analytics: each page view for 90 days; after that only daily totals that identify no one (for example,
            &ldquo;120 visits to the Product page on 3 March&rdquo;), kept for 25 months.
          </li>
        </ul>
        <p>When data is no longer needed, we delete it or anonymize it so that it can no longer identify you.</p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <p>We use three categories of cookies and similar storage technologies:</p>
        <ul>
          <li>
            <strong>Essential:</strong> needed for the website to work, for example to keep you signed in, protect forms against
            misuse and remember your cookie choices. These are always on.
          </li>
          <li>
            <strong>Analytics:</strong> help us understand how visitors use the website so we can improve it. Used only with
            your consent.
          </li>
          <li>
            <strong>Marketing:</strong> help us measure and tailor our marketing. Used only with your consent.
          </li>
        </ul>
        <p>
          When you first visit, we ask for your choice. You can change it at any time with the Cookie Settings button at the
          bottom of every page. Your browser settings also let you block or delete cookies, although parts of the website may then
          not work.
        </p>
        <h3 id="website-analytics">Website analytics</h3>
        <p>
          If you accept Analytics, this website counts your page views itself: nothing is sent to an analytics company. It helps
          us see which pages, articles, referring websites and campaigns bring people to request a demo, so we can improve
          them. For each page view we record:
        </p>
        <ul>
          <li>the page&rsquo;s address on this website and the first page of your visit;</li>
          <li>the website that linked to us (its domain only, such as news.example.com), if any;</li>
          <li>the campaign named in the link you followed (its source, medium and campaign), if any;</li>
          <li>whether your screen is phone, tablet or desktop sized;</li>
          <li>
            a random visit number your browser keeps until you close the tab (in its session storage; it is not a cookie), and
            a code that lets us count how many different people visited that day.
          </li>
        </ul>
        <p>
          We do not store your IP address or details of your browser. The daily code is made from them with a random key that
          changes every day and is deleted when the day ends, so it cannot link your visits on different days or be traced back
          to you. If you request a demo during a visit, the request is linked to that visit so we know which pages led to it.
        </p>
        <p>
          Without your consent, nothing is recorded or sent. If your browser sends a Global Privacy Control signal, we treat it
          as a refusal. You can withdraw your consent at any time in Cookie Settings: page views stop at once, and the visit
          number is deleted from your browser. Page views are kept for 90 days, then only as daily totals that identify no one,
          kept for 25 months.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights under the GDPR",
    body: (
      <>
        <p>Subject to certain conditions, you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected and incomplete data completed;</li>
          <li>have your data erased;</li>
          <li>restrict how we use your data;</li>
          <li>receive your data in a portable format and have it transferred to another organization;</li>
          <li>object to processing based on legitimate interests, and to direct marketing at any time;</li>
          <li>withdraw any consent you have given;</li>
          <li>not be subject to decisions based solely on automated processing that significantly affect you.</li>
        </ul>
        <p>
          To exercise any of these rights, email <MailLink box="privacyEmail" />. We will
          respond within one month, and may ask you to confirm your identity first. There is normally no charge.
        </p>
        <p>
          If you are unhappy with how we handle your data, please contact us first so we can try to put it right. You also have
          the right to complain to the Information Commissioner's Office (ICO), the UK supervisory authority, at{" "}
          <a href="https://ico.org.uk" rel="noopener noreferrer">
            ico.org.uk
          </a>
          , or to the supervisory authority in the EU country where you live or work.
        </p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: "International transfers",
    body: (
      <p>
        Some of our service providers may process personal data outside the United Kingdom or the European Economic Area. When
        this happens, we make sure the data is protected to the standard UK and EU law requires: by transferring only to countries
        covered by adequacy regulations or decisions, or by using the International Data Transfer Agreement, the EU Standard
        Contractual Clauses with the UK Addendum, or another lawful safeguard. You can ask us for details of the safeguards we
        use.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <>
        <p>
          We use appropriate technical and organizational measures to protect personal data against loss, misuse and
          unauthorized access, including encryption in transit, hashed passwords, role-based access control, least-privilege
          access for our staff and audit logging.
        </p>
        <p>
          No system is completely secure. If we become aware of a personal data breach that is likely to put your rights at risk,
          we will notify you and the relevant authority as the law requires.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children under 16",
    body: (
      <p>
        Our website and services are intended for businesses and are not directed at children. We do not knowingly collect
        personal data from anyone under 16, or under the age of digital consent in their country if that is higher. If you
        believe a child has given us personal data, please contact us at{" "}
        <MailLink box="privacyEmail" /> and we will delete it.
      </p>
    ),
  },
];

export default function Privacy() {
  return (
    <LegalDocument
      lastUpdated={{ iso: "2026-11-24", label: "November 24, 2026" }}
      title="Privacy Policy"
      intro={
        <>
          <p>
            This policy explains how <LegalName /> (“{productName}”, “we”, “us”) collects, uses and protects personal data when
            you visit our website, request a demo or use the {productName} platform, and the rights you have. We are the
            controller of the personal data described here, except where we act as a processor for our customers, as explained
            below.
          </p>
          <CompanyDetails />
          <p>
            We may update this policy from time to time. The date at the top shows when it last changed; where a change is
            significant, we will tell you before it takes effect. Our <Link to="/terms">Terms of Service</Link> explain the
            rules for using {productName}.
          </p>
        </>
      }
      sections={sections}
    />
  );
}
