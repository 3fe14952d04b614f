// Package notifyapp fills a bundle whose Connected is declared offowner
// (through the interface it implements): its ConnectedF runs off the owner.
package notifyapp

import "storedfields/lib"

//confined:owner
type Node struct{ peers int } // want Node:"confined:owner"

func (n *Node) Register() { // want Register:`summary\(started arg0\)`
	b := &lib.NotifyBundle{
		ConnectedF: func() {
			n.peers++ // want `writes confined notifyapp.Node.peers off the owner: this code runs via the funcs stored in field ConnectedF, which lib calls off the owner \(in \(\*lib.NotifyBundle\).Connected\)`
		},
		ClosedF: func() { n.peers-- },
	}
	lib.Notify(b)
	b.Close()
}
