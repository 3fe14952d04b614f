package bounce

import "strings"

const dsnTemplate = `From: MAILER-DAEMON@mx1.example.net (Mail Delivery System)
To: news@shop.example
Subject: Undelivered Mail Returned to Sender
Content-Type: multipart/report; report-type=delivery-status;
	boundary="XYZ"

--XYZ
Content-Description: Notification
Content-Type: text/plain

This is the mail system at host mx1.example.net.
I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--XYZ
Content-Type: message/delivery-status

Reporting-MTA: dns; mx1.example.net

Final-Recipient: rfc822; {addr}
Action: failed
Status: {status}
Diagnostic-Code: smtp; {diag}
--XYZ--
`

func dsn(addr, status, diag string) []byte {
	r := strings.NewReplacer("{addr}", addr, "{status}", status, "{diag}", diag)
	return []byte(r.Replace(dsnTemplate))
}

func hardBounce(addr string) []byte {
	return dsn(addr, "5.1.1", "550 5.1.1 <"+addr+">: Recipient address rejected: User unknown in virtual mailbox table")
}

const freeformBounce = `From: Mail Delivery System <Mailer-Daemon@relay.example.com>
Subject: Mail delivery failed: returning message to sender

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  carol@corp.example
    host mx.corp.example [192.0.2.7]
    SMTP error from remote mail server after RCPT TO:<carol@corp.example>:
    552 5.2.2 Mailbox full, quota exceeded
`

const outOfOffice = `From: dave@example.org
Subject: Out of Office: Quarterly numbers
Auto-Submitted: auto-replied

I am away until Monday.
`

const plainMail = `From: erin@example.org
Subject: Lunch?

Are you free at noon?
`

const garbage = "this line is not a header\nnor is this\n\nbody"
